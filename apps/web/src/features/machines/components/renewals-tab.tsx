import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { IconCalendarCheck, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_RENEW_SELECTION } from '@cloud-portal/contract/vms/renew-selection';
import { RENEWAL_VMS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import { RENEWAL_DUE_DAYS } from '@cloud-portal/contract/vms/renewal-due';
import type { TRenewalVm } from '@cloud-portal/contract/vms/renewals';
import { FactList } from '@/components/fact-list';
import { useRenewalVms } from '../api/renewal-vms';
import { isSelectable, renewPath, renewSelectedPath, toggleSelection } from './lifecycle-format';
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

/** Eleven columns need the room of a laptop; narrower screens get one card per VM. */
const TABLE_QUERY = '(min-width: 62em)';

type RowProps = {
  vm: TRenewalVm;
  isChecked: boolean;
  isSelectionFull: boolean;
  onToggle: (vm: TRenewalVm, isChecked: boolean) => void;
  onRenew: (vm: TRenewalVm) => void;
};

/**
 * vm-lifecycle.md §2.7 Renewals: every VM the customer can renew (expired and archived ones
 * badged), soonest expiry first; a renewed one says Renewed until it is due again (§4). Renew asks "Do you want to proceed
 * further?" and goes to /renewvm/{ID}; ticked rows (kept across pages, at most 20) go together to
 * /renewMultipleVM/{IDs} with Renew Selected VM. A renewed or blocked row cannot be ticked.
 */
export function RenewalsTab() {
  const { t } = useTranslation('lifecycle');
  const { translateError } = useLifecycleMessages();
  const areTextsReady = useLifecycleTextsReady();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<TRenewalVm | null>(null);
  const {
    page,
    total,
    query: renewals,
    listRef,
    turnTo,
  } = usePagedList(useRenewalVms, RENEWAL_VMS_PAGE_SIZE);
  const isTable = useViewportQuery(TABLE_QUERY);

  const rowProps = {
    isSelectionFull: selection.length >= MAX_RENEW_SELECTION,
    onToggle: (vm: TRenewalVm, isChecked: boolean) =>
      setSelection((current) => toggleSelection(current, vm.ID, isChecked)),
    onRenew: setConfirming,
  };

  const content = (
    <PagedListBody
      query={renewals}
      isReady={areTextsReady}
      errorTitle={t('renewals.loadError')}
      translateError={translateError}
      loading={
        <ListSkeleton
          count={isTable ? 5 : 3}
          height={isTable ? 36 : 180}
          label={t('loading')}
          testId="renewals-loading"
        />
      }
      empty={
        <PagedListEmpty
          icon={IconCalendarCheck}
          title={t('renewals.emptyTitle')}
          text={t('renewals.emptyText')}
          testId="renewals-empty"
        />
      }
      className={classes.rows}
    >
      {(data) =>
        isTable ? (
          <RenewalTable rows={data.rows} selection={selection} {...rowProps} />
        ) : (
          <RenewalCards rows={data.rows} selection={selection} {...rowProps} />
        )
      }
    </PagedListBody>
  );

  return (
    <Stack gap="md" ref={listRef} className={classes.root} data-testid="renewals-tab">
      {selection.length > 0 && areTextsReady && (
        <Paper withBorder radius="md" p="sm" data-testid="renewals-selection">
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text size="sm" fw={600} role="status" data-testid="renewals-selected-count">
                {t('renewals.selectedCount', { count: selection.length })}
              </Text>
              {selection.length >= MAX_RENEW_SELECTION && (
                <Text size="xs" c="dimmed">
                  {t('renewals.selectionLimit', { count: MAX_RENEW_SELECTION })}
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              <Button variant="subtle" size="sm" onClick={() => setSelection([])}>
                {t('renewals.clearSelection')}
              </Button>
              <Button
                component={Link}
                to={renewSelectedPath(selection)}
                size="sm"
                leftSection={<IconRefresh size={16} aria-hidden />}
                data-testid="renew-selected"
              >
                {t('renewals.renewSelected')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {content}
      {renewals.data && areTextsReady && (
        <PagedListFooter
          page={page}
          pageSize={RENEWAL_VMS_PAGE_SIZE}
          total={total}
          onChange={turnTo}
          isCompact={!isTable}
          testId="renewals"
          namespace="lifecycle"
        />
      )}
      {areTextsReady && (
        <ConfirmModal
          opened={confirming !== null}
          onClose={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) void navigate(renewPath(confirming.ID));
          }}
          title={t('renewals.confirmTitle')}
          text={t('renewals.confirmText')}
          noLabel={t('renewals.no')}
          yesLabel={t('renewals.yes')}
          color="blue"
          testId="renew-confirm"
        />
      )}
    </Stack>
  );
}

/** The texts of one row, as both layouts show them. */
function useRowTexts() {
  const { t, i18n } = useTranslation('lifecycle');
  return (vm: TRenewalVm) => ({
    processor: t('cores', { count: vm.cpu_Count }),
    memory: t('gigabytes', { count: vm.ram_Count }),
    disk: t('gigabytes', { count: vm.disk_Count }),
    start: vm.startDate ? formatPurchaseDate(vm.startDate, i18n.language) : null,
    expiry: formatPurchaseDate(vm.endDate, i18n.language),
  });
}

/** The VM's name, its blocked icon (with the spec's tooltip, also on focus) and its state. */
function VmName({ vm, id }: { vm: TRenewalVm; id?: string }) {
  const { t } = useTranslation('lifecycle');
  const { message } = useLifecycleMessages();
  return (
    <span className={classes.name}>
      <span id={id}>{vm.vmName}</span>
      {vm.isBlocked === 1 && (
        <Tooltip
          label={message('blockedRenew')}
          multiline
          maw={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <span
            className={classes.blocked}
            tabIndex={0}
            role="img"
            aria-label={t('blocked')}
            data-testid="renewal-blocked"
          >
            <IconLock size={16} aria-hidden />
          </span>
        </Tooltip>
      )}
      {(vm.status === 'expired' || vm.status === 'archived') && (
        <Tooltip
          label={t(vm.status === 'expired' ? 'renewals.expiredHint' : 'renewals.archivedHint')}
          multiline
          maw={260}
          events={{ hover: true, focus: false, touch: true }}
        >
          <Badge
            component="span"
            color={vm.status === 'expired' ? 'orange' : 'gray'}
            variant="light"
            c={vm.status === 'expired' ? 'dark.9' : 'gray.9'}
            size="sm"
            className={classes.badge}
            data-testid="renewal-status"
            data-status={vm.status}
          >
            {t(`statuses.${vm.status}`)}
          </Badge>
        </Tooltip>
      )}
    </span>
  );
}

function SelectBox({ vm, isChecked, isSelectionFull, onToggle }: Omit<RowProps, 'onRenew'>) {
  const { t } = useTranslation('lifecycle');
  const isDisabled = !isSelectable(vm) || (!isChecked && isSelectionFull);
  return (
    <Checkbox
      checked={isChecked}
      disabled={isDisabled}
      onChange={(event) => onToggle(vm, event.currentTarget.checked)}
      aria-label={t('renewals.select', { name: vm.vmName })}
      data-testid="renewal-select"
    />
  );
}

/** Renew, or "Renewed" from a paid renewal until the VM is due again; blocked rows say why not. */
function RenewAction({ vm, onRenew }: Pick<RowProps, 'vm' | 'onRenew'>) {
  const { t } = useTranslation('lifecycle');
  const { message } = useLifecycleMessages();
  if (vm.isRenewed === 1) {
    return (
      <Tooltip
        label={t('renewals.renewedHint', { days: RENEWAL_DUE_DAYS })}
        multiline
        maw={240}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Badge
          component="span"
          color="teal"
          variant="light"
          c="dark.9"
          className={classes.badge}
          tabIndex={0}
          data-testid="renewal-renewed"
        >
          {t('renewals.renewed')}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <GuardedButton
      size="xs"
      variant="light"
      onClick={() => onRenew(vm)}
      unavailableReason={vm.isBlocked === 1 ? message('blockedRenew') : null}
      aria-label={t('renewals.renewFor', { name: vm.vmName })}
      data-testid="renewal-renew"
    >
      {t('renewals.renew')}
    </GuardedButton>
  );
}

type ListProps = Omit<RowProps, 'vm' | 'isChecked'> & {
  rows: readonly TRenewalVm[];
  selection: readonly number[];
};

function RenewalTable({ rows, selection, ...rowProps }: ListProps) {
  const { t } = useTranslation('lifecycle');
  const textsOf = useRowTexts();
  return (
    <Table.ScrollContainer minWidth={1080} type="native">
      <Table verticalSpacing="sm" striped="even" highlightOnHover data-testid="renewals-table">
        <caption className={classes.caption}>{t('renewals.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>{t('columns.select')}</VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col">{t('columns.name')}</Table.Th>
            <Table.Th scope="col">{t('columns.alias')}</Table.Th>
            <Table.Th scope="col">{t('columns.os')}</Table.Th>
            <Table.Th scope="col">{t('columns.processor')}</Table.Th>
            <Table.Th scope="col">{t('columns.memory')}</Table.Th>
            <Table.Th scope="col">{t('columns.disk')}</Table.Th>
            <Table.Th scope="col">{t('columns.startDate')}</Table.Th>
            <Table.Th scope="col">{t('columns.expiryDate')}</Table.Th>
            <Table.Th scope="col">{t('columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((vm) => {
            const texts = textsOf(vm);
            return (
              <Table.Tr key={vm.ID} data-testid="renewal-row" data-vm-id={vm.ID}>
                <Table.Td>
                  <SelectBox vm={vm} isChecked={selection.includes(vm.ID)} {...rowProps} />
                </Table.Td>
                <Table.Th scope="row" fw={600}>
                  <VmName vm={vm} />
                </Table.Th>
                <Table.Td className={classes.wrap}>{vm.aliasName ?? t('none')}</Table.Td>
                <Table.Td className={classes.wrap}>{vm.operatingSystem}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.processor}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.memory}</Table.Td>
                <Table.Td className={classes.nowrap}>{texts.disk}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  {vm.startDate && texts.start ? (
                    <time dateTime={vm.startDate}>{texts.start}</time>
                  ) : (
                    t('notYet')
                  )}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <time dateTime={vm.endDate}>{texts.expiry}</time>
                </Table.Td>
                <Table.Td>
                  <RenewAction vm={vm} onRenew={rowProps.onRenew} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RenewalCards({ rows, selection, ...rowProps }: ListProps) {
  const { t } = useTranslation('lifecycle');
  const textsOf = useRowTexts();
  return (
    <Stack component="ul" gap="sm" className={classes.cards} aria-label={t('renewals.caption')}>
      {rows.map((vm) => {
        const texts = textsOf(vm);
        const headingId = `renewal-${vm.ID}`;
        return (
          <li key={vm.ID}>
            <Card
              component="article"
              withBorder
              radius="md"
              padding="md"
              aria-labelledby={headingId}
              data-testid="renewal-row"
              data-vm-id={vm.ID}
            >
              <Stack gap="sm">
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <SelectBox vm={vm} isChecked={selection.includes(vm.ID)} {...rowProps} />
                  <Text component="h3" fw={600} m={0} className={classes.cardTitle}>
                    <VmName vm={vm} id={headingId} />
                  </Text>
                </Group>
                <FactList
                  variant="plain"
                  cols={2}
                  spacing="sm"
                  verticalSpacing="xs"
                  facts={[
                    { label: t('columns.alias'), value: vm.aliasName ?? t('none') },
                    { label: t('columns.os'), value: vm.operatingSystem },
                    { label: t('columns.processor'), value: texts.processor },
                    { label: t('columns.memory'), value: texts.memory },
                    { label: t('columns.disk'), value: texts.disk },
                    { label: t('columns.startDate'), value: texts.start ?? t('notYet') },
                    { label: t('columns.expiryDate'), value: texts.expiry },
                  ]}
                />
                <Group justify="flex-end">
                  <RenewAction vm={vm} onRenew={rowProps.onRenew} />
                </Group>
              </Stack>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
