import { Link } from 'react-router';
import {
  Button,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_VMS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import { useActiveVms } from '../api/active-vms';
import { useBackupMessages, useBackupTextsReady } from './backups/backup-texts';
import { VmBackupCard } from './backups/vm-backup-card';
import { PagedListBody, usePagedList } from './paged-list';

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
    pages,
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
        <EmptyState
          icon={<IconDatabaseOff size={28} aria-hidden />}
          withIndicatorBackground
          title={t('backupTab.emptyTitle')}
          description={t('backupTab.emptyText')}
          py="lg"
          data-testid="backup-empty"
        >
          <EmptyState.Actions>
            <Button component={Link} to="/marketplace" variant="light">
              {t('backupTab.browse')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
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

  const first = (page - 1) * ACTIVE_VMS_PAGE_SIZE + 1;
  const last = Math.min(total, page * ACTIVE_VMS_PAGE_SIZE);
  return (
    <Stack gap="md" ref={listRef} data-testid="backup-tab">
      <Text size="sm" c="dimmed">
        {t('backupTab.intro')}
      </Text>
      {content}
      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" role="status" data-testid="backup-range">
            {t('backupTab.range', { from: first, to: last, total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('backupTab.pagination')}>
              <Pagination
                total={pages}
                value={page}
                onChange={turnTo}
                siblings={0}
                boundaries={1}
                size="sm"
                getItemProps={(item) => ({
                  'aria-label': t('backupTab.page', { page: item }),
                  'aria-current': item === page ? 'page' : undefined,
                })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('backupTab.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('backupTab.nextPage') }
                      : {}
                }
              />
            </nav>
          )}
        </Group>
      )}
    </Stack>
  );
}

function BackupSkeleton() {
  // The shell's words: the tab's own may still be on their way.
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" data-testid="backup-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={120} radius="md" />
      ))}
    </Stack>
  );
}
