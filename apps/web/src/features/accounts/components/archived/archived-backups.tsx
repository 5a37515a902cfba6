import { Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TArchivedVm } from '@cloud-portal/contract/vms/archived-vms';
import { useVmBackups } from '../../api/backups/vm-backups';
import { BackupList } from '../backups/backup-list';
import { useBackupTextsReady } from '../backups/backup-texts';
import classes from './archived-backups.module.css';

/** The id of an archived machine's nested rows, which its toggle controls. */
export const archivedBackupsId = (vm: Pick<TArchivedVm, 'ID'>) => `archived-backups-${vm.ID}`;

/**
 * The clone icon of an archived machine (vm-lifecycle.md §2.7 Archived "nested clone rows", as the
 * Products tab's clone icon): how many clones and snapshots it has, opening and closing them. A
 * machine without any has none; one whose last backup was deleted while open keeps it, so focus
 * is not lost. While open, the count follows the nested list's own call (the same cached query).
 */
export function ArchivedBackupsToggle({
  vm,
  isOpen,
  onToggle,
}: {
  vm: TArchivedVm;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('lifecycle');
  const nested = useVmBackups(vm.ID, 1, isOpen);
  const count = (isOpen ? nested.data?.total : undefined) ?? vm.backupCount;
  if (count === 0 && !isOpen) return null;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconCopy size={16} aria-hidden />}
      rightSection={
        <IconChevronDown
          size={14}
          aria-hidden
          className={classes.chevron}
          data-open={isOpen || undefined}
        />
      }
      onClick={onToggle}
      aria-expanded={isOpen}
      // Only while the rows exist: a closed toggle points at nothing.
      aria-controls={isOpen ? archivedBackupsId(vm) : undefined}
      aria-label={t('archived.backupsFor', { count, name: vm.vmName })}
      className={classes.toggle}
      data-testid="archived-backups-toggle"
    >
      {t('archived.backups', { count })}
    </Button>
  );
}

/**
 * An archived machine's nested clone and snapshot rows: the Backup tab's list of them (§3 "Clone
 * or snapshot row"), paged, with View, Restore VM and Delete as the server allows each (a
 * snapshot has no access; a restored clone is a machine of its own; a blocked machine's are
 * neither viewed nor restored).
 */
export function ArchivedBackups({ vm }: { vm: TArchivedVm }) {
  const { t } = useTranslation('lifecycle');
  // The list's words are the Backup tab's (`vmOrders`), a chunk fetched on first use.
  const isReady = useBackupTextsReady();
  return (
    <section
      id={archivedBackupsId(vm)}
      aria-label={t('archived.backupsRegion', { name: vm.vmName })}
      className={classes.backups}
      data-testid="archived-backups"
    >
      {isReady ? (
        <BackupList vm={vm} isParentArchived />
      ) : (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden>{t('loading')}</VisuallyHidden>
          <Skeleton height={32} radius="sm" />
          <Skeleton height={32} radius="sm" />
        </Stack>
      )}
    </section>
  );
}
