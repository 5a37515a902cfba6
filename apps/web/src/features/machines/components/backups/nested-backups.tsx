import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { BackupList } from './backup-list';
import { useBackupTextsReady } from './backup-texts';
import classes from './nested-backups.module.css';

/**
 * A machine's nested clone and snapshot rows (vm-lifecycle.md §2.7, under its row on the Products
 * and Archived tabs: name, type, processor, memory, disk, duration, and View, Restore VM, Delete):
 * the Backup tab's list of them, paged, with each action as the server allows it. Its words
 * (`vmOrders`) are a chunk fetched on first use; the Products tab also loads this code only when
 * a clone icon is first reached, so the profile's first load carries none of it.
 */
export function NestedBackups({
  vm,
  id,
  label,
  loadingLabel,
  isParentArchived = false,
  testId,
}: {
  vm: { ID: number; vmName: string };
  /** The id its clone icon's aria-controls names. */
  id: string;
  label: string;
  loadingLabel: string;
  isParentArchived?: boolean;
  testId: string;
}) {
  const isReady = useBackupTextsReady();
  return (
    <section id={id} aria-label={label} className={classes.backups} data-testid={testId}>
      {isReady ? (
        <BackupList vm={vm} isParentArchived={isParentArchived} />
      ) : (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden>{loadingLabel}</VisuallyHidden>
          <Skeleton height={32} radius="sm" />
          <Skeleton height={32} radius="sm" />
        </Stack>
      )}
    </section>
  );
}
