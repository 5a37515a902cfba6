import { Fragment, Suspense } from 'react';
import {
  Badge,
  Card,
  Collapse,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { IconLock, IconServerOff, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_VMS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { FactList } from '@/components/fact-list';
import { ListSkeleton } from '@/components/list-skeleton';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { useActiveVms } from '../api/active-vms';
import { useLiveVmState } from '../api/vm-actions/get-vm-status';
import { statusBadge } from './products-tab-format';
import classes from './products-tab.module.css';
import {
  PagedListBody,
  PagedListEmpty,
  PagedListFooter,
  usePagedList,
} from '@/components/paged-list';
import { formatPurchaseDate } from './purchase-history-format';
import { useAccountMessages } from '@/lib/use-account-messages';
import { useVmActionTextsReady } from './vm-actions/vm-action-texts';
import { PublicIpCell } from './public-ip/public-ip-cell';
import { AliasEditButton, VmActions } from './vm-actions/vm-actions';
import { VmDialogs } from './vm-actions/vm-dialogs';
import { VmBackupsToggle } from './vm-backups-toggle';
import { useOpenBackups, type OpenBackups } from './backups/backups-toggle';
import { nestedBackupsIdOf } from './vm-backups-ids';

/**
 * Eleven columns, every one in view without scrolling, need a laptop's width (1280 px);
 * narrower screens get one card per VM.
 */
const TABLE_QUERY = '(min-width: 80em)';

// A machine's nested clone and snapshot rows load when its clone icon is first reached.
const nestedBackups = lazyWithPreload(
  () => import('./backups/nested-backups'),
  (module) => module.NestedBackups,
);

/**
 * vm-lifecycle.md §2.7 Products: the customer's VMs (not deleted, not archived) with their
 * specification, dates, public address and state, and a clone icon opening the nested rows of
 * its clones and snapshots. While one is provisioning, busy or having a paid update applied, the
 * page refreshes itself until it settles.
 */
export function ProductsTab() {
  const { t } = useTranslation('accounts');
  const { translateError } = useAccountMessages();
  const {
    page,
    total,
    query: vms,
    listRef,
    turnTo,
  } = usePagedList(useActiveVms, ACTIVE_VMS_PAGE_SIZE);
  const areActionTextsReady = useVmActionTextsReady();
  const isTable = useViewportQuery(TABLE_QUERY);
  const backups = useOpenBackups();

  const content = (
    <PagedListBody
      query={vms}
      isReady={areActionTextsReady}
      errorTitle={t('productsTab.loadError')}
      translateError={translateError}
      loading={
        <ListSkeleton
          count={isTable ? 5 : 3}
          height={isTable ? 36 : 188}
          label={t('productsTab.loading')}
          testId="products-loading"
        />
      }
      empty={
        <PagedListEmpty
          icon={IconServerOff}
          title={t('productsTab.emptyTitle')}
          text={t('productsTab.emptyText')}
          testId="products-empty"
          browseLabel={t('productsTab.browse')}
        />
      }
      className={classes.rows}
    >
      {(data) => (
        <VmDialogs rows={data.rows}>
          {isTable ? (
            <VmTable rows={data.rows} backups={backups} />
          ) : (
            <VmCards rows={data.rows} backups={backups} />
          )}
        </VmDialogs>
      )}
    </PagedListBody>
  );

  return (
    <Stack gap="md" ref={listRef} className={classes.root} data-testid="products-tab">
      {content}
      <PagedListFooter
        page={page}
        pageSize={ACTIVE_VMS_PAGE_SIZE}
        total={total}
        onChange={turnTo}
        isCompact={!isTable}
        testId="products"
        namespace="accounts"
        keyPrefix="productsTab"
        className={classes.footer}
      />
    </Stack>
  );
}

/** A value the VM does not have (yet): a dash for the eye, words for a screen reader. */
function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden>—</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/** The texts of one VM, as both layouts show them. */
function useVmTexts() {
  const { t, i18n } = useTranslation('accounts');
  return (vm: TActiveVm) => ({
    processor: t('productsTab.cores', { count: vm.cpu_Count }),
    memory: t('productsTab.gigabytes', { count: vm.ram_Count }),
    disk: t('productsTab.gigabytes', { count: vm.disk_Count }),
    activation: vm.startDate ? formatPurchaseDate(vm.startDate, i18n.language) : null,
    expiry: vm.endDate ? formatPurchaseDate(vm.endDate, i18n.language) : null,
  });
}

/** A paid update not applied yet: the row is watched until its new sizes arrive. */
function UpdatingBadge({ vm }: { vm: TActiveVm }) {
  const { t } = useTranslation('accounts');
  if (vm.isUpdating !== 1) return null;
  return (
    <Tooltip
      label={t('productsTab.updatingHint')}
      multiline
      maw={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        component="span"
        color="blue"
        variant="light"
        c="blue.9"
        className={classes.badge}
        leftSection={<Loader size={10} color="blue.9" aria-hidden />}
        tabIndex={0}
        data-testid="vm-updating"
      >
        {t('productsTab.updating')}
      </Badge>
    </Tooltip>
  );
}

/** The VM's state: the list's, or the live one while it is changing (see useLiveVmState). */
function StatusBadge({ vm }: { vm: TActiveVm }) {
  const { t } = useTranslation('accounts');
  const live = useLiveVmState(vm);
  // 'missing' (the hypervisor lost the machine) has no badge of its own in the list: failed.
  const status = live === 'missing' ? 'failed' : live;
  const badge = statusBadge(status);
  return (
    <Badge
      component="span"
      color={badge.color}
      variant="light"
      // The light variant's own text colour (shade 6) is below 4.5:1 on its tint.
      c={badge.textColor}
      className={classes.badge}
      leftSection={
        badge.withSpinner ? <Loader size={10} color={badge.textColor} aria-hidden /> : null
      }
      data-testid="vm-status"
      data-status={status}
    >
      {t(`productsTab.statuses.${badge.key}`)}
    </Badge>
  );
}

/** The VM's name with its Gold badge and blocked icon (the spec's tooltip, also on focus). */
function VmName({ vm, id }: { vm: TActiveVm; id?: string }) {
  const { t } = useTranslation('accounts');
  return (
    <span className={classes.name}>
      <span id={id}>{vm.vmName}</span>
      {vm.isGoldCopy === 1 && (
        <Badge
          component="span"
          color="yellow"
          variant="light"
          c="dark.9"
          size="sm"
          className={classes.badge}
          leftSection={<IconStarFilled size={10} aria-hidden />}
          title={t('productsTab.goldCopy')}
          data-testid="vm-gold"
        >
          {t('productsTab.gold')}
        </Badge>
      )}
      {vm.isBlocked === 1 && (
        <Tooltip
          label={t('productsTab.blocked')}
          multiline
          maw={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <span
            className={classes.blocked}
            tabIndex={0}
            role="img"
            aria-label={t('productsTab.blocked')}
            data-testid="vm-blocked"
          >
            <IconLock size={16} aria-hidden />
          </span>
        </Tooltip>
      )}
    </span>
  );
}

/** Its nested clone and snapshot rows, once the code for them has arrived. */
function NestedBackupRows({ vm }: { vm: TActiveVm }) {
  const { t } = useTranslation('accounts');
  return (
    <Suspense fallback={<Skeleton height={64} radius="sm" />}>
      <nestedBackups.Component
        vm={vm}
        id={nestedBackupsIdOf(vm)}
        label={t('productsTab.backupsRegion', { name: vm.vmName })}
        loadingLabel={t('productsTab.loading')}
        testId="vm-backups"
      />
    </Suspense>
  );
}

type ListProps = { rows: readonly TActiveVm[]; backups: OpenBackups };

const COLUMN_COUNT = 11;

function VmTable({ rows, backups }: ListProps) {
  const { t } = useTranslation('accounts');
  const { t: tActions } = useTranslation('vmActions');
  const textsOf = useVmTexts();
  return (
    // Every column fits from 1280 px; a long name in a narrow window still scrolls, never hides.
    <div className={classes.tableFrame}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={6}
        highlightOnHover
        className={classes.table}
        data-testid="products-table"
      >
        <caption className={classes.caption}>{t('productsTab.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('productsTab.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.alias')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.os')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.processor')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.memory')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.disk')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.activation')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.expiry')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.ip')}</Table.Th>
            <Table.Th scope="col">{t('productsTab.columns.status')}</Table.Th>
            <Table.Th scope="col">{tActions('actions.column')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((vm) => {
            const texts = textsOf(vm);
            const isOpen = backups.isOpen(vm);
            return (
              <Fragment key={vm.ID}>
                <Table.Tr data-testid="vm-row" data-vm-id={vm.ID}>
                  <Table.Th scope="row" fw={600} className={classes.nameCell}>
                    <Stack gap={4} align="flex-start">
                      <VmName vm={vm} />
                      <VmBackupsToggle
                        vm={vm}
                        isOpen={isOpen}
                        onToggle={() => backups.toggle(vm)}
                        onPrepare={nestedBackups.preload}
                      />
                    </Stack>
                  </Table.Th>
                  <Table.Td className={classes.wrap}>
                    <span className={classes.alias}>
                      <span data-testid="vm-alias">
                        {vm.aliasName ?? <Missing label={t('productsTab.noAlias')} />}
                      </span>
                      <AliasEditButton vm={vm} />
                    </span>
                  </Table.Td>
                  <Table.Td className={classes.words}>{vm.operatingSystem}</Table.Td>
                  <Table.Td className={classes.nowrap}>{texts.processor}</Table.Td>
                  <Table.Td className={classes.nowrap} data-testid="vm-memory">
                    {texts.memory}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{texts.disk}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <DateValue value={vm.startDate} text={texts.activation} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap} data-testid="vm-expiry-cell">
                    <DateValue value={vm.endDate} text={texts.expiry} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap} data-testid="vm-ip-cell">
                    <PublicIpCell vm={vm} />
                  </Table.Td>
                  <Table.Td data-testid="vm-status-cell">
                    <Stack gap={4} align="flex-start">
                      <StatusBadge vm={vm} />
                      <UpdatingBadge vm={vm} />
                    </Stack>
                  </Table.Td>
                  <Table.Td data-testid="vm-actions-cell">
                    <VmActions vm={vm} layout="table" />
                  </Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr data-testid="vm-backups-row">
                    <Table.Td colSpan={COLUMN_COUNT} className={classes.nested}>
                      <NestedBackupRows vm={vm} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function DateValue({ value, text }: { value: string | null; text: string | null }) {
  const { t } = useTranslation('accounts');
  if (!value || !text) return <Missing label={t('productsTab.notYet')} />;
  return <time dateTime={value}>{text}</time>;
}

function VmCards({ rows, backups }: ListProps) {
  const { t } = useTranslation('accounts');
  const textsOf = useVmTexts();
  return (
    <Stack component="ul" gap="sm" className={classes.cards} aria-label={t('productsTab.caption')}>
      {rows.map((vm) => {
        const texts = textsOf(vm);
        const headingId = `vm-${vm.ID}`;
        const isOpen = backups.isOpen(vm);
        return (
          <li key={vm.ID}>
            <Card
              component="article"
              withBorder
              radius="md"
              padding="md"
              aria-labelledby={headingId}
              data-testid="vm-row"
            >
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text component="h3" fw={600} m={0} className={classes.cardTitle}>
                    <VmName vm={vm} id={headingId} />
                  </Text>
                  <Stack gap={4} align="flex-end">
                    <StatusBadge vm={vm} />
                    <UpdatingBadge vm={vm} />
                  </Stack>
                </Group>
                <FactList
                  variant="plain"
                  cols={2}
                  spacing="sm"
                  verticalSpacing="xs"
                  facts={[
                    { label: t('productsTab.columns.os'), value: vm.operatingSystem },
                    { label: t('productsTab.columns.processor'), value: texts.processor },
                    { label: t('productsTab.columns.memory'), value: texts.memory },
                    { label: t('productsTab.columns.disk'), value: texts.disk },
                    {
                      label: t('productsTab.columns.activation'),
                      value: texts.activation ?? t('productsTab.notYet'),
                    },
                    {
                      label: t('productsTab.columns.expiry'),
                      value: texts.expiry ?? t('productsTab.notYet'),
                    },
                  ]}
                />
                <Group gap="xs" wrap="nowrap">
                  <Text span size="sm" c="dimmed">
                    {t('productsTab.columns.ip')}:
                  </Text>
                  <PublicIpCell vm={vm} />
                </Group>
                <Group gap="xs" wrap="nowrap" className={classes.cardAlias}>
                  <Text size="sm">
                    <Text span size="sm" c="dimmed">
                      {t('productsTab.columns.alias')}:{' '}
                    </Text>
                    <span data-testid="vm-alias">{vm.aliasName ?? t('productsTab.noAlias')}</span>
                  </Text>
                  <AliasEditButton vm={vm} />
                </Group>
                <VmActions vm={vm} layout="card" />
                <VmBackupsToggle
                  vm={vm}
                  isOpen={isOpen}
                  onToggle={() => backups.toggle(vm)}
                  onPrepare={nestedBackups.preload}
                />
                <Collapse expanded={isOpen}>{isOpen && <NestedBackupRows vm={vm} />}</Collapse>
              </Stack>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
