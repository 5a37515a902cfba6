import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { BackupList } from './backup-list';
import { useBackupTextsReady } from './backup-texts';
import { nestedBackupsIdOf } from '../vm-backups-ids';
import classes from './nested-backups.module.css';

/**
 * A machine's nested clone and snapshot rows on the Products tab (vm-lifecycle.md §2.7: name,
 * type, processor, memory, disk, duration, and View, Restore VM, Delete): the Backup tab's list
 * of them, paged, with each action as the server allows it. Loaded with its words (`vmOrders`)
 * when a clone icon is first opened, so the profile's first load carries none of it.
 */
export function NestedBackups({ vm }: { vm: Pick<TActiveVm, 'ID' | 'vmName'> }) {
  const { t } = useTranslation('accounts');
  const isReady = useBackupTextsReady();
  return (
    <section
      id={nestedBackupsIdOf(vm)}
      aria-label={t('productsTab.backupsRegion', { name: vm.vmName })}
      className={classes.backups}
      data-testid="vm-backups"
    >
      {isReady ? (
        <BackupList vm={vm} />
      ) : (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden>{t('productsTab.loading')}</VisuallyHidden>
          <Skeleton height={32} radius="sm" />
          <Skeleton height={32} radius="sm" />
        </Stack>
      )}
    </section>
  );
}
