import { Fragment, useState } from 'react';
import { Button, Card, Collapse, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { IconArchiveOff, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ARCHIVED_VMS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import type { TArchivedVm } from '@cloud-portal/contract/vms/archived-vms';
import { FactList } from '@/components/fact-list';
import { showSuccessToast } from '@/lib/notify';
import { useArchivedVms } from '../api/archived-vms';
import { useDeleteArchivedVm } from '../api/delete-archived-vm';
import { useRestoreArchiveVm } from '../api/restore-archive-vm';
import { ArchivedBackups, ArchivedBackupsToggle } from './archived/archived-backups';
import { useOpenBackups, type OpenBackups } from './backups/backups-toggle';
import { isRestorable, RESTORE_RELOAD_MS } from './lifecycle-format';
import { ListSkeleton } from '@/components/list-skeleton';
import {
  PagedListBody,
  PagedListEmpty,
  PagedListFooter,
  usePagedList,
} from '@/components/paged-list';
import { useLifecycleMessages, useLifecycleTextsReady } from './lifecycle-texts';
import classes from './lifecycle-tabs.module.css';
import { formatPurchaseDate } from './purchase-history-format';
import { ConfirmModal } from './vm-actions/confirm-modal';
import { GuardedButton } from './vm-actions/guarded-button';

/** Nine columns need the room of a laptop; narrower screens get one card per VM. */
const TABLE_QUERY = '(min-width: 62em)';

type Dialog = { kind: 'view' | 'restore' | 'delete'; vm: TArchivedVm } | null;

/**
 * vm-lifecycle.md §2.7 Archived: the customer's archived VMs with View VM (the VM's facts),
 * Restore VM (once renewed: the confirm, the success toast and a reload after 3 s, §4, §9),
 * Delete (its confirm) and, behind a machine's clone icon, its nested clone and snapshot rows. A
 * blocked VM and one whose period has not been renewed say why Restore is not available.
 */
export function ArchivedTab() {
  const { t } = useTranslation('lifecycle');
  const { translateError } = useLifecycleMessages();
  const areTextsReady = useLifecycleTextsReady();
  const [dialog, setDialog] = useState<Dialog>(null);
  const backups = useOpenBackups();
  const {
    page,
    total,
    query: archived,
    listRef,
    turnTo,
  } = usePagedList(useArchivedVms, ARCHIVED_VMS_PAGE_SIZE);
  const isTable = useViewportQuery(TABLE_QUERY);

  const open = (kind: 'view' | 'restore' | 'delete', vm: TArchivedVm) => setDialog({ kind, vm });

  const content = (
    <PagedListBody
      query={archived}
      isReady={areTextsReady}
      errorTitle={t('archived.loadError')}
      translateError={translateError}
      loading={
        <ListSkeleton
          count={isTable ? 4 : 2}
          height={isTable ? 36 : 200}
          label={t('loading')}
          testId="archived-loading"
        />
      }
      empty={
        <PagedListEmpty
          icon={IconArchiveOff}
          title={t('archived.emptyTitle')}
          text={t('archived.emptyText')}
          testId="archived-empty"
        />
      }
      className={classes.rows}
    >
      {(data) =>
        isTable ? (
          <ArchivedTable rows={data.rows} onOpen={open} backups={backups} />
        ) : (
          <ArchivedCards rows={data.rows} onOpen={open} backups={backups} />
        )
      }
    </PagedListBody>
  );

  return (
    <Stack gap="md" ref={listRef} className={classes.root} data-testid="archived-tab">
      {content}
      {archived.data && areTextsReady && (
        <PagedListFooter
          page={page}
          pageSize={ARCHIVED_VMS_PAGE_SIZE}
          total={total}
          onChange={turnTo}
          isCompact={!isTable}
          testId="archived"
          namespace="lifecycle"
        />
      )}
      {areTextsReady && (
        <>
          <ViewArchivedModal
            vm={dialog?.kind === 'view' ? dialog.vm : null}
            onClose={() => setDialog(null)}
          />
          <RestoreDialog
            vm={dialog?.kind === 'restore' ? dialog.vm : null}
            onClose={() => setDialog(null)}
          />
          <DeleteDialog
            vm={dialog?.kind === 'delete' ? dialog.vm : null}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Stack>
  );
}

/** Why Restore VM is not available now, in the server's words, or null. */
function useRestoreRefusal() {
  const { message } = useLifecycleMessages();
  return (vm: TArchivedVm): string | null => {
    if (vm.isBlocked === 1) return message('blockedUse');
    if (!isRestorable(vm)) return message('notRenewed');
    return null;
  };
}

function useRowTexts() {
  const { t, i18n } = useTranslation('lifecycle');
  const date = (value: string | null) =>
    value ? formatPurchaseDate(value, i18n.language) : t('notYet');
  return (vm: TArchivedVm) => ({
    processor: t('cores', { count: vm.cpu_Count }),
    memory: t('gigabytes', { count: vm.ram_Count }),
    disk: t('gigabytes', { count: vm.disk_Count }),
    start: date(vm.startDate),
    end: date(vm.endDate),
    archivedOn: date(vm.archivedAt),
    restoreHint: isRestorable(vm)
      ? t('archived.renewedUntil', { date: date(vm.endDate) })
      : t('archived.renewToRestore'),
  });
}

function VmName({ vm, id }: { vm: TArchivedVm; id?: string }) {
  const { t } = useTranslation('lifecycle');
  const { message } = useLifecycleMessages();
  return (
    <span className={classes.name}>
      <span id={id}>{vm.vmName}</span>
      {vm.isBlocked === 1 && (
        <Tooltip
          label={message('blockedUse')}
          multiline
          maw={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <span
            className={classes.blocked}
            tabIndex={0}
            role="img"
            aria-label={t('blocked')}
            data-testid="archived-blocked"
          >
            <IconLock size={16} aria-hidden />
          </span>
        </Tooltip>
      )}
    </span>
  );
}

type OpenDialog = (kind: 'view' | 'restore' | 'delete', vm: TArchivedVm) => void;

function ArchivedActions({ vm, onOpen }: { vm: TArchivedVm; onOpen: OpenDialog }) {
  const { t } = useTranslation('lifecycle');
  const refusalOf = useRestoreRefusal();
  return (
    <Group gap="xs" className={classes.actions}>
      <Button
        size="xs"
        variant="default"
        onClick={() => onOpen('view', vm)}
        aria-label={t('archived.viewFor', { name: vm.vmName })}
        data-testid="archived-view"
      >
        {t('archived.view')}
      </Button>
      <GuardedButton
        size="xs"
        variant="light"
        onClick={() => onOpen('restore', vm)}
        unavailableReason={refusalOf(vm)}
        aria-label={t('archived.restoreFor', { name: vm.vmName })}
        data-testid="archived-restore"
      >
        {t('archived.restore')}
      </GuardedButton>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => onOpen('delete', vm)}
        aria-label={t('archived.deleteFor', { name: vm.vmName })}
        data-testid="archived-delete"
      >
        {t('archived.delete')}
      </Button>
    </Group>
  );
}

type ListProps = { rows: readonly TArchivedVm[]; onOpen: OpenDialog; backups: OpenBackups };

function ArchivedTable({ rows, onOpen, backups }: ListProps) {
  const { t } = useTranslation('lifecycle');
  const textsOf = useRowTexts();
  return (
    <Table.ScrollContainer minWidth={1080} type="native">
      <Table verticalSpacing="sm" striped="even" highlightOnHover data-testid="archived-table">
        <caption className={classes.caption}>{t('archived.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.name')}</Table.Th>
            <Table.Th scope="col">{t('columns.os')}</Table.Th>
            <Table.Th scope="col">{t('columns.processor')}</Table.Th>
            <Table.Th scope="col">{t('columns.memory')}</Table.Th>
            <Table.Th scope="col">{t('columns.disk')}</Table.Th>
            <Table.Th scope="col">{t('columns.endDate')}</Table.Th>
            <Table.Th scope="col">{t('columns.archivedOn')}</Table.Th>
            <Table.Th scope="col">{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((vm) => {
            const texts = textsOf(vm);
            const isOpen = backups.isOpen(vm);
            return (
              <Fragment key={vm.ID}>
                <Table.Tr data-testid="archived-row" data-vm-id={vm.ID}>
                  <Table.Th scope="row" fw={600}>
                    <Stack gap={4} align="flex-start">
                      <VmName vm={vm} />
                      <ArchivedBackupsToggle
                        vm={vm}
                        isOpen={isOpen}
                        onToggle={() => backups.toggle(vm)}
                      />
                    </Stack>
                  </Table.Th>
                  <Table.Td className={classes.wrap}>{vm.operatingSystem}</Table.Td>
                  <Table.Td className={classes.nowrap}>{texts.processor}</Table.Td>
                  <Table.Td className={classes.nowrap}>{texts.memory}</Table.Td>
                  <Table.Td className={classes.nowrap}>{texts.disk}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm" className={classes.nowrap}>
                        {texts.end}
                      </Text>
                      <Text
                        size="xs"
                        c="dimmed"
                        className={classes.hint}
                        data-testid="archived-hint"
                      >
                        {texts.restoreHint}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{texts.archivedOn}</Table.Td>
                  <Table.Td>
                    <ArchivedActions vm={vm} onOpen={onOpen} />
                  </Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr data-testid="archived-backups-row" data-vm-id={vm.ID}>
                    <Table.Td colSpan={8}>
                      <ArchivedBackups vm={vm} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ArchivedCards({ rows, onOpen, backups }: ListProps) {
  const { t } = useTranslation('lifecycle');
  const textsOf = useRowTexts();
  return (
    <Stack component="ul" gap="sm" className={classes.cards} aria-label={t('archived.caption')}>
      {rows.map((vm) => {
        const texts = textsOf(vm);
        const headingId = `archived-${vm.ID}`;
        const isOpen = backups.isOpen(vm);
        return (
          <li key={vm.ID}>
            <Card
              component="article"
              withBorder
              radius="md"
              padding="md"
              aria-labelledby={headingId}
              data-testid="archived-row"
              data-vm-id={vm.ID}
            >
              <Stack gap="sm">
                <Text component="h3" fw={600} m={0} className={classes.cardTitle}>
                  <VmName vm={vm} id={headingId} />
                </Text>
                <FactList
                  variant="plain"
                  cols={2}
                  spacing="sm"
                  verticalSpacing="xs"
                  facts={[
                    { label: t('columns.os'), value: vm.operatingSystem },
                    { label: t('columns.processor'), value: texts.processor },
                    { label: t('columns.memory'), value: texts.memory },
                    { label: t('columns.disk'), value: texts.disk },
                    { label: t('columns.endDate'), value: texts.end },
                    { label: t('columns.archivedOn'), value: texts.archivedOn },
                  ]}
                />
                <Text size="xs" c="dimmed" className={classes.hint} data-testid="archived-hint">
                  {texts.restoreHint}
                </Text>
                <ArchivedActions vm={vm} onOpen={onOpen} />
                <ArchivedBackupsToggle
                  vm={vm}
                  isOpen={isOpen}
                  onToggle={() => backups.toggle(vm)}
                />
                <Collapse expanded={isOpen}>{isOpen && <ArchivedBackups vm={vm} />}</Collapse>
              </Stack>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}

/** View VM: what the portal knows of the archived machine (it has no access while archived). */
function ViewArchivedModal({ vm, onClose }: { vm: TArchivedVm | null; onClose: () => void }) {
  const { t } = useTranslation('lifecycle');
  const textsOf = useRowTexts();
  // Kept while the modal closes, so its content does not vanish mid-animation.
  const [shown, setShown] = useState<TArchivedVm | null>(vm);
  if (vm && vm !== shown) setShown(vm);
  const texts = shown ? textsOf(shown) : null;
  return (
    <Modal
      opened={vm !== null}
      onClose={onClose}
      title={t('archived.viewTitle')}
      size="md"
      attributes={{ content: { 'data-testid': 'archived-view-dialog' } }}
    >
      {shown && texts && (
        <Stack gap="md">
          <FactList
            variant="caption"
            cols={{ base: 1, xs: 2 }}
            spacing="md"
            verticalSpacing="sm"
            facts={[
              { label: t('archived.facts.name'), value: shown.vmName },
              { label: t('archived.facts.alias'), value: shown.aliasName ?? t('none') },
              { label: t('archived.facts.os'), value: shown.operatingSystem },
              { label: t('archived.facts.processor'), value: texts.processor },
              { label: t('archived.facts.memory'), value: texts.memory },
              { label: t('archived.facts.disk'), value: texts.disk },
              { label: t('archived.facts.provider'), value: shown.serviceCategory },
              { label: t('archived.facts.uuid'), value: shown.createdUUID ?? t('none') },
              { label: t('archived.facts.startDate'), value: texts.start },
              { label: t('archived.facts.endDate'), value: texts.end },
              { label: t('archived.facts.archivedOn'), value: texts.archivedOn },
            ]}
          />
          <Text size="sm" c="dimmed">
            {texts.restoreHint}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('archived.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Restore VM's confirm; on success the toast, then the page reloads after 3 s (§4, §9). */
function RestoreDialog({ vm, onClose }: { vm: TArchivedVm | null; onClose: () => void }) {
  const { t } = useTranslation('lifecycle');
  const { translateMessage, translateError } = useLifecycleMessages();
  const restore = useRestoreArchiveVm();
  // Kept while the dialog closes, so its text does not change mid-animation.
  const [name, setName] = useState('');
  if (vm && vm.vmName !== name) setName(vm.vmName);
  const close = () => {
    restore.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={vm !== null}
      onClose={close}
      onConfirm={() => {
        if (!vm?.createdUUID) return;
        restore.mutate(
          { provider: vm.serviceCategory, virtualMachineUUID: vm.createdUUID },
          {
            onSuccess: (message) => {
              showSuccessToast({
                message: `${translateMessage(message)} ${t('archived.reloading')}`,
              });
              close();
              window.setTimeout(() => window.location.reload(), RESTORE_RELOAD_MS);
            },
          },
        );
      }}
      title={t('archived.restoreTitle')}
      text={t('archived.restoreText', { name })}
      noLabel={t('archived.no')}
      yesLabel={t('archived.restoreYes')}
      isPending={restore.isPending}
      error={restore.isError ? translateError(restore.error) : null}
      color="blue"
      testId="restore-archive-confirm"
    />
  );
}

function DeleteDialog({ vm, onClose }: { vm: TArchivedVm | null; onClose: () => void }) {
  const { t } = useTranslation('lifecycle');
  const { translateMessage, translateError } = useLifecycleMessages();
  const remove = useDeleteArchivedVm();
  // Kept while the dialog closes, so its text does not change mid-animation.
  const [name, setName] = useState('');
  if (vm && vm.vmName !== name) setName(vm.vmName);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={vm !== null}
      onClose={close}
      onConfirm={() => {
        if (!vm?.createdUUID) return;
        remove.mutate(
          { provider: vm.serviceCategory, virDomainUUID: vm.createdUUID },
          {
            onSuccess: (message) => {
              showSuccessToast({ message: translateMessage(message) });
              close();
            },
          },
        );
      }}
      title={t('archived.deleteTitle')}
      text={t('archived.deleteText', { name })}
      noLabel={t('archived.no')}
      yesLabel={t('archived.deleteYes')}
      isPending={remove.isPending}
      error={remove.isError ? translateError(remove.error) : null}
      testId="delete-archived-confirm"
    />
  );
}
