import { useState } from 'react';
import { Badge, Card, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useViewportQuery } from '@/lib/assumed-viewport';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import type { TVmBackup, VmBackupStatus } from '@cloud-portal/contract/vms/backups';
import { VM_BACKUPS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { isApiError } from '@/lib/api-client';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteBackup } from '../../api/backups/delete-backup';
import { useRestoreCloneVm } from '../../api/backups/restore-clone-vm';
import { useVmBackups, VM_BACKUPS_QUERY_KEY } from '../../api/backups/vm-backups';
import { ACTIVE_VMS_QUERY_KEY } from '../../api/active-vms';
import { ConfirmModal } from '../vm-actions/confirm-modal';
import { pageCount } from '@/components/paged-list';
import { GuardedButton } from '../vm-actions/guarded-button';
import { BackupAccessModal } from './backup-access-modal';
import { backupActionReason, RESTORE_RELOAD_MS, type BackupAction } from './backup-rules';
import { useBackupMessages } from './backup-texts';
import classes from './backups.module.css';

const TABLE_QUERY = '(min-width: 62em)';

const STATUS_COLORS: Record<VmBackupStatus, { color: string; text: string }> = {
  creating: { color: 'blue', text: 'blue.9' },
  ready: { color: 'green', text: 'dark.9' },
  restoring: { color: 'yellow', text: 'dark.9' },
  restored: { color: 'gray', text: 'gray.9' },
  failed: { color: 'red', text: 'red.9' },
  deleted: { color: 'gray', text: 'gray.9' },
};

type Pending = { action: Exclude<BackupAction, 'view'>; backup: TVmBackup } | null;

/** A machine's clones and snapshots (§3 "Clone or snapshot row") with View, Restore VM, Delete. */
/** `isParentArchived`: the Archived tab's nested rows, whose snapshots wait for the machine. */
export function BackupList({
  vm,
  isParentArchived = false,
}: {
  vm: Pick<TActiveVm, 'ID' | 'vmName'>;
  isParentArchived?: boolean;
}) {
  const { t } = useTranslation('vmOrders');
  const { translateError, translateMessage } = useBackupMessages();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const backups = useVmBackups(vm.ID, page, true);
  const isTable = useViewportQuery(TABLE_QUERY);
  const [viewing, setViewing] = useState<TVmBackup | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [reloadingIn, setReloadingIn] = useState(false);
  const restore = useRestoreCloneVm();
  const remove = useDeleteBackup();
  const isWorking = restore.isPending || remove.isPending || reloadingIn;

  const close = () => {
    if (isWorking) return;
    setPending(null);
    setActionError(null);
  };

  const confirm = async () => {
    if (!pending?.backup.cloneUUID) return;
    const { action, backup } = pending;
    const uuid = backup.cloneUUID!;
    try {
      if (action === 'restore') {
        const { message } = await restore.mutateAsync({
          provider: backup.serviceCategory,
          cloneVmUUID: uuid,
        });
        showSuccessToast({ message: translateMessage(message) });
        // §4: after a successful restore the page reloads 3 seconds later.
        setReloadingIn(true);
        setPending(null);
        setActionError(null);
        window.setTimeout(() => window.location.reload(), RESTORE_RELOAD_MS);
      } else {
        const { message } = await remove.mutateAsync({
          kind: backup.isCloneOrSnapshot,
          uuid,
          provider: backup.serviceCategory,
        });
        showSuccessToast({ message: translateMessage(message) });
        setPending(null);
        setActionError(null);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: VM_BACKUPS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVE_VMS_QUERY_KEY }),
      ]);
    } catch (error) {
      setActionError(translateError(error));
      // Gone already (deleted elsewhere): the list is out of date.
      if (isApiError(error) && error.httpStatus === 404) {
        void queryClient.invalidateQueries({ queryKey: VM_BACKUPS_QUERY_KEY });
      }
    }
  };

  const data = backups.data;
  if (!data && backups.isError) {
    return (
      <QueryErrorAlert
        title={t('backupTab.backupsLoadError')}
        message={translateError(backups.error)}
        onRetry={() => void backups.refetch()}
        isRetrying={backups.isFetching}
      />
    );
  }
  if (!data) {
    return (
      <Stack gap="xs" aria-busy="true" data-testid="backups-loading">
        <Skeleton height={32} radius="sm" />
        <Skeleton height={32} radius="sm" />
      </Stack>
    );
  }
  if (data.total === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="backups-empty">
        {t('backupTab.noBackups')}
      </Text>
    );
  }

  const pages = pageCount(data.total, VM_BACKUPS_PAGE_SIZE);
  const actionsOf = (backup: TVmBackup, layout: 'table' | 'card') => (
    <BackupActions
      backup={backup}
      layout={layout}
      isParentArchived={isParentArchived}
      onView={() => setViewing(backup)}
      onRestore={() => setPending({ action: 'restore', backup })}
      onDelete={() => setPending({ action: 'delete', backup })}
    />
  );

  return (
    <Stack gap="sm" data-testid="backups">
      <div role="status" aria-live="polite">
        {reloadingIn && (
          <Text size="sm" c="teal.9" fw={600} data-testid="backups-reloading">
            {t('backupTab.reloading')}
          </Text>
        )}
      </div>
      {isTable ? (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="xs" striped="even" data-testid="backups-table">
            <caption className={classes.caption}>
              {t('backupTab.backupsCaption', { name: vm.vmName })}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('backupTab.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.type')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.processor')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.memory')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.disk')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.duration')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('backupTab.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((backup) => (
                <Table.Tr key={backup.ID} data-testid="backup-row">
                  <Table.Th scope="row" fw={600} className={classes.breakable}>
                    {backup.vmName}
                  </Table.Th>
                  <Table.Td>{t(`backup.types.${backup.isCloneOrSnapshot}`)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {t('multiRenew.cores', { count: backup.cloneCPU_Count })}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {t('card.gigabytes', { count: backup.cloneRAM_Count })}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {t('card.gigabytes', { count: backup.cloneDisk_Count })}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {t(`backupTab.durations.${backup.cloneType}`, { count: backup.cloneDuration })}
                  </Table.Td>
                  <Table.Td>
                    <BackupStatus status={backup.status} />
                  </Table.Td>
                  <Table.Td>{actionsOf(backup, 'table')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack component="ul" gap="xs" className={classes.rows}>
          {data.rows.map((backup) => (
            <li key={backup.ID}>
              <Card withBorder radius="sm" padding="sm" data-testid="backup-row">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text fw={600} size="sm" className={classes.breakable}>
                      {backup.vmName}
                    </Text>
                    <BackupStatus status={backup.status} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('backupTab.rowSummary', {
                      type: t(`backup.types.${backup.isCloneOrSnapshot}`),
                      cpu: backup.cloneCPU_Count,
                      ram: backup.cloneRAM_Count,
                      disk: backup.cloneDisk_Count,
                      duration: t(`backupTab.durations.${backup.cloneType}`, {
                        count: backup.cloneDuration,
                      }),
                    })}
                  </Text>
                  {actionsOf(backup, 'card')}
                </Stack>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <nav aria-label={t('backupTab.backupsPagination', { name: vm.vmName })}>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={0} />
        </nav>
      )}
      <BackupAccessModal backup={viewing} onClose={() => setViewing(null)} />
      <ConfirmModal
        opened={pending !== null}
        onClose={close}
        onConfirm={() => void confirm()}
        title={
          pending?.action === 'restore'
            ? t(`backupTab.restoreTitle.${pending.backup.isCloneOrSnapshot}`)
            : t(`backupTab.deleteTitle.${pending?.backup.isCloneOrSnapshot ?? 'Clone'}`)
        }
        text={
          pending?.action === 'restore'
            ? t(`backupTab.restoreConfirm.${pending.backup.isCloneOrSnapshot}`, {
                name: pending.backup.vmName,
                vm: vm.vmName,
              })
            : t('backupTab.deleteConfirm', { name: pending?.backup.vmName ?? '' })
        }
        noLabel={t('backupTab.no')}
        yesLabel={pending?.action === 'restore' ? t('backupTab.restore') : t('backupTab.delete')}
        isPending={isWorking}
        error={actionError}
        color={pending?.action === 'restore' ? 'blue' : 'red'}
        testId={pending?.action === 'restore' ? 'backup-restore-confirm' : 'backup-delete-confirm'}
      />
    </Stack>
  );
}

function BackupStatus({ status }: { status: VmBackupStatus }) {
  const { t } = useTranslation('vmOrders');
  const colors = STATUS_COLORS[status];
  return (
    <Badge
      component="span"
      color={colors.color}
      variant="light"
      c={colors.text}
      size="sm"
      data-testid="backup-status"
      data-status={status}
    >
      {t(`backupTab.statuses.${status}`)}
    </Badge>
  );
}

function BackupActions({
  backup,
  layout,
  isParentArchived,
  onView,
  onRestore,
  onDelete,
}: {
  backup: TVmBackup;
  layout: 'table' | 'card';
  isParentArchived: boolean;
  onView: () => void;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('vmOrders');
  const { translateMessage } = useBackupMessages();
  const reason = (action: BackupAction) => {
    const text = backupActionReason(backup, action, isParentArchived);
    return text ? translateMessage(text) : null;
  };
  const name = backup.vmName;
  return (
    <Group gap="xs" wrap="wrap" className={layout === 'card' ? classes.rowActions : undefined}>
      <GuardedButton
        size="compact-sm"
        variant="default"
        unavailableReason={reason('view')}
        onClick={onView}
        aria-label={t('backupTab.viewNamed', { name })}
        aria-haspopup="dialog"
        data-testid="backup-view"
      >
        {t('backupTab.view')}
      </GuardedButton>
      <GuardedButton
        size="compact-sm"
        variant="light"
        unavailableReason={reason('restore')}
        onClick={onRestore}
        aria-label={t('backupTab.restoreNamed', { name })}
        aria-haspopup="dialog"
        data-testid="backup-restore"
      >
        {t('backupTab.restore')}
      </GuardedButton>
      <GuardedButton
        size="compact-sm"
        variant="light"
        color="red"
        unavailableReason={reason('delete')}
        onClick={onDelete}
        aria-label={t('backupTab.deleteNamed', { name })}
        aria-haspopup="dialog"
        data-testid="backup-delete"
      >
        {t('backupTab.delete')}
      </GuardedButton>
    </Group>
  );
}
