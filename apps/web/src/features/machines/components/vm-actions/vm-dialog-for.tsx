import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useDeleteVirtualMachine } from '../../api/vm-actions/delete-virtual-machine';
import { usePowerVm } from '../../api/vm-actions/power-vm';
import { AliasModal } from './alias-modal';
import { ConfirmModal } from './confirm-modal';
import { ViewVmModal } from './view-vm-modal';
import { useVmActionMessages } from './vm-action-texts';
import type { VmDialog } from './vm-dialogs';

/** One VM's open dialog (loaded with the first one opened: see `VmDialogs`). */
export function VmDialogFor({
  vm,
  dialog,
  onClose,
}: {
  vm: TActiveVm;
  dialog: VmDialog;
  onClose: () => void;
}) {
  switch (dialog) {
    case 'view':
      return <ViewVmModal vm={vm} opened onClose={onClose} />;
    case 'alias':
      return <AliasModal vm={vm} opened onClose={onClose} />;
    case 'powerOff':
      return <PowerOffDialog vm={vm} onClose={onClose} />;
    case 'update':
      return <UpdateDialog vm={vm} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog vm={vm} onClose={onClose} />;
  }
}

/** Power off pulls the plug: it is asked about first. */
function PowerOffDialog({ vm, onClose }: { vm: TActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vmActions');
  const { translateMessage, translateError } = useVmActionMessages();
  const power = usePowerVm(vm.createdUUID ?? '');
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      onConfirm={() =>
        power.mutate('powerOffVM', {
          onSuccess: ({ message }) => showSuccessToast({ message: translateMessage(message) }),
          onError: (error) => showErrorToast({ message: translateError(error) }),
          onSettled: onClose,
        })
      }
      title={t('powerOff.title')}
      text={t('powerOff.text', { name: vm.vmName })}
      noLabel={t('powerOff.no')}
      yesLabel={t('powerOff.yes')}
      isPending={power.isPending}
      testId="power-off-dialog"
    />
  );
}

/** §2.11 update confirm: on to /updatevm/{ID}, reminding that the VM should be powered off. */
function UpdateDialog({ vm, onClose }: { vm: TActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vmActions');
  const navigate = useNavigate();
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      onConfirm={() => void navigate(`/updatevm/${vm.ID}`)}
      title={t('update.title')}
      text={t('update.text')}
      noLabel={t('update.no')}
      yesLabel={t('update.yes')}
      color="blue"
      testId="update-vm-dialog"
    />
  );
}

/** §2.11 "Delete VM": a refusal (the shut-off rule, word for word) stays in the dialog. */
function DeleteDialog({ vm, onClose }: { vm: TActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vmActions');
  const { translateMessage, translateError } = useVmActionMessages();
  const remove = useDeleteVirtualMachine();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    remove.mutate(
      { provider: vm.serviceCategory, virDomainUUID: vm.createdUUID ?? '' },
      {
        onSuccess: (message) => {
          showSuccessToast({ message: translateMessage(message) });
          onClose();
        },
        onError: (failure) => setError(translateError(failure)),
      },
    );
  };
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      onConfirm={confirm}
      title={t('delete.title')}
      text={t('delete.text', { name: vm.vmName })}
      noLabel={t('delete.no')}
      yesLabel={t('delete.yes')}
      isPending={remove.isPending}
      error={error}
      testId="delete-vm-dialog"
    />
  );
}
