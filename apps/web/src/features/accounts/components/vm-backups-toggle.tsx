import { Button } from '@mantine/core';
import { IconChevronDown, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { useVmBackups } from '../api/backups/vm-backups';
import { nestedBackupsIdOf } from './vm-backups-ids';
import classes from './products-tab.module.css';

/**
 * The clone icon of a machine on the Products tab (vm-lifecycle.md §2.7): how many clones and
 * snapshots it has, opening and closing their nested rows. A machine without any has none; one
 * whose last backup was deleted while open keeps it, so focus is not lost. While open, the count
 * follows the nested list's own call (the same cached query).
 */
export function VmBackupsToggle({
  vm,
  isOpen,
  onToggle,
  onPrepare,
}: {
  vm: TActiveVm;
  isOpen: boolean;
  onToggle: () => void;
  onPrepare: () => void;
}) {
  const { t } = useTranslation('accounts');
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
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
      aria-expanded={isOpen}
      // Only while the rows exist: a closed toggle points at nothing.
      aria-controls={isOpen ? nestedBackupsIdOf(vm) : undefined}
      aria-label={t('productsTab.backupsFor', { count, name: vm.vmName })}
      className={classes.backupsToggle}
      data-testid="vm-backups-toggle"
    >
      {t('productsTab.backups', { count })}
    </Button>
  );
}
