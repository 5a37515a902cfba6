import { Button } from '@mantine/core';
import { IconChevronDown, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useVmBackups } from '../../api/backups/vm-backups';
import classes from './backups-toggle.module.css';

/**
 * A machine's clone icon (vm-lifecycle.md §2.7, the Products and Archived tabs): how many clones
 * and snapshots it has, opening and closing their nested rows. A machine without any has none;
 * one whose last backup was deleted while open keeps it, so focus is not lost. While open, the
 * count follows the nested list's own call (the same cached query).
 */
export function BackupsToggle({
  vm,
  isOpen,
  onToggle,
  onPrepare,
  controlsId,
  labelOf,
  textOf,
  testId,
  className,
}: {
  vm: { ID: number; backupCount: number };
  isOpen: boolean;
  onToggle: () => void;
  /** Called when a pointer or the keyboard reaches the icon (to start loading the rows' code). */
  onPrepare?: () => void;
  /** The id of the nested rows, which exist only while open. */
  controlsId: string;
  labelOf: (count: number) => string;
  textOf: (count: number) => string;
  testId: string;
  className?: string;
}) {
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
      aria-controls={isOpen ? controlsId : undefined}
      aria-label={labelOf(count)}
      className={className}
      data-testid={testId}
    >
      {textOf(count)}
    </Button>
  );
}

/** Which machines' nested clone and snapshot rows are open, and how to open or close one. */
export type OpenBackups = {
  isOpen: (vm: { ID: number }) => boolean;
  toggle: (vm: { ID: number }) => void;
};

export function useOpenBackups(): OpenBackups {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  return {
    isOpen: (vm) => openIds.has(vm.ID),
    toggle: (vm) =>
      setOpenIds((ids) => {
        const next = new Set(ids);
        if (!next.delete(vm.ID)) next.add(vm.ID);
        return next;
      }),
  };
}
