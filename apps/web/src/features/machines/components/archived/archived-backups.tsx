import { useTranslation } from 'react-i18next';
import type { TArchivedVm } from '@cloud-portal/contract/vms/archived-vms';
import { BackupsToggle } from '../backups/backups-toggle';
import { NestedBackups } from '../backups/nested-backups';
import classes from './archived-backups.module.css';

/** The id of an archived machine's nested rows, which its toggle controls. */
const archivedBackupsId = (vm: Pick<TArchivedVm, 'ID'>) => `archived-backups-${vm.ID}`;

/** An archived machine's clone icon (§2.7 Archived "nested clone rows", as on the Products tab). */
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
  return (
    <BackupsToggle
      vm={vm}
      isOpen={isOpen}
      onToggle={onToggle}
      controlsId={archivedBackupsId(vm)}
      labelOf={(count) => t('archived.backupsFor', { count, name: vm.vmName })}
      textOf={(count) => t('archived.backups', { count })}
      testId="archived-backups-toggle"
      className={classes.toggle}
    />
  );
}

/**
 * An archived machine's nested clone and snapshot rows (§3 "Clone or snapshot row"): a snapshot
 * has no access; a restored clone is a machine of its own; a blocked machine's are neither viewed
 * nor restored.
 */
export function ArchivedBackups({ vm }: { vm: TArchivedVm }) {
  const { t } = useTranslation('lifecycle');
  return (
    <NestedBackups
      vm={vm}
      id={archivedBackupsId(vm)}
      label={t('archived.backupsRegion', { name: vm.vmName })}
      loadingLabel={t('loading')}
      isParentArchived
      testId="archived-backups"
    />
  );
}
