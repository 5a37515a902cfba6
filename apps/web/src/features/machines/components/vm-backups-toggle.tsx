import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { BackupsToggle } from './backups/backups-toggle';
import { nestedBackupsIdOf } from './vm-backups-ids';
import classes from './products-tab.module.css';

/** A machine's clone icon on the Products tab (vm-lifecycle.md §2.7). */
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
  return (
    <BackupsToggle
      vm={vm}
      isOpen={isOpen}
      onToggle={onToggle}
      onPrepare={onPrepare}
      controlsId={nestedBackupsIdOf(vm)}
      labelOf={(count) => t('productsTab.backupsFor', { count, name: vm.vmName })}
      textOf={(count) => t('productsTab.backups', { count })}
      testId="vm-backups-toggle"
      className={classes.backupsToggle}
    />
  );
}
