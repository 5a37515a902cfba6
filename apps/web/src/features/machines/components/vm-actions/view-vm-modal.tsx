import { useCallback, useEffect } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { useLiveVmState } from '../../api/vm-actions/get-vm-status';
import { useViewVm } from '../../api/vm-actions/view-vm';
import { AccessDetailsPanel } from './access-details-panel';
import { LiveStateBadge } from './live-state-badge';
import { useVmActionMessages } from './vm-action-texts';

type Props = { vm: TActiveVm; opened: boolean; onClose: () => void };

/**
 * vm-lifecycle.md §3 "VM access data": the user, a one-time password (masked until asked for,
 * copyable), the console link and the live state. Each opening asks for a new password; closing
 * forgets it (the mutation is reset and nothing is cached), as the notice says.
 */
export function ViewVmModal({ vm, opened, onClose }: Props) {
  const { t } = useTranslation('vmActions');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('view.title')}
      size="md"
      attributes={{ content: { 'data-testid': 'view-vm-dialog' } }}
    >
      {/* Mounted per opening: closing unmounts it, and the password with it. */}
      {opened && <AccessDetails vm={vm} onClose={onClose} />}
    </Modal>
  );
}

function AccessDetails({ vm, onClose }: { vm: TActiveVm; onClose: () => void }) {
  const { translateError } = useVmActionMessages();
  const { mutate, data, error, isPending } = useViewVm();
  const liveState = useLiveVmState(vm, data !== undefined);
  const uuid = vm.createdUUID;
  const { ID: id, serviceCategory } = vm;

  const ask = useCallback(() => {
    if (uuid) mutate({ provider: serviceCategory, virDomainUUID: uuid, ID: id });
  }, [mutate, uuid, serviceCategory, id]);

  useEffect(ask, [ask]);

  const state = data ? liveState : undefined;
  return (
    <AccessDetailsPanel
      name={vm.vmName}
      badge={state && <LiveStateBadge state={state} />}
      data={data}
      isPending={isPending}
      error={error}
      onRetry={ask}
      translateError={translateError}
      onClose={onClose}
      testId="view-vm"
    />
  );
}
