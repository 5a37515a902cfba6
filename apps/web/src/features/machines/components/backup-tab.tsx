import { Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_VMS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import { ListSkeleton } from '@/components/list-skeleton';
import { useActiveVms } from '../api/active-vms';
import { useBackupMessages, useBackupTextsReady } from './backups/backup-texts';
import { VmBackupCard } from './backups/vm-backup-card';
import {
  PagedListBody,
  PagedListEmpty,
  PagedListFooter,
  usePagedList,
} from '@/components/paged-list';

/**
 * vm-lifecycle.md §2.7 Backup: each of the customer's machines with Clone and Snapshot (after a
 * confirm, to /buyclonevm/{id} and /buysnapshotvm/{id}; unavailable with the spec's tooltips for
 * blocked machines and clones), and its clones and snapshots with View, Restore VM and Delete.
 */
export function BackupTab() {
  const isReady = useBackupTextsReady();
  return isReady ? <BackupList /> : <BackupSkeleton />;
}

function BackupList() {
  const { t } = useTranslation('vmOrders');
  const { translateError } = useBackupMessages();
  const {
    page,
    total,
    query: vms,
    listRef,
    turnTo,
  } = usePagedList(useActiveVms, ACTIVE_VMS_PAGE_SIZE);

  const content = (
    <PagedListBody
      query={vms}
      isReady
      errorTitle={t('backupTab.loadError')}
      translateError={translateError}
      loading={<BackupSkeleton />}
      empty={
        <PagedListEmpty
          icon={IconDatabaseOff}
          title={t('backupTab.emptyTitle')}
          text={t('backupTab.emptyText')}
          testId="backup-empty"
          browseLabel={t('backupTab.browse')}
        />
      }
    >
      {(data) => (
        <Stack
          component="ul"
          gap="md"
          m={0}
          p={0}
          style={{ listStyle: 'none', opacity: vms.isPlaceholderData ? 0.6 : 1 }}
          aria-label={t('backupTab.caption')}
        >
          {data.rows.map((vm) => (
            <li key={vm.ID}>
              <VmBackupCard vm={vm} />
            </li>
          ))}
        </Stack>
      )}
    </PagedListBody>
  );

  return (
    <Stack gap="md" ref={listRef} data-testid="backup-tab">
      <Text size="sm" c="dimmed">
        {t('backupTab.intro')}
      </Text>
      {content}
      <PagedListFooter
        page={page}
        pageSize={ACTIVE_VMS_PAGE_SIZE}
        total={total}
        onChange={turnTo}
        isCompact
        testId="backup"
        namespace="vmOrders"
        keyPrefix="backupTab"
      />
    </Stack>
  );
}

/** The shell's words: the tab's own may still be on their way. */
function BackupSkeleton() {
  const { t } = useTranslation();
  return (
    <ListSkeleton count={3} height={120} label={t('common.loading')} testId="backup-loading" />
  );
}
