import { useState } from 'react';
import { Button, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconWorldPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { canAssignPublicIp, publicIpMessages } from '@cloud-portal/contract/vms/public-ip-rules';
import { lazyDialog } from '@/lib/lazy-dialog';
import { showErrorToast } from '@/lib/notify';
import { isNetworkScriptRunning } from '../../api/public-ip/network-maintenance';
import { GuardedButton } from '../vm-actions/guarded-button';
import classes from './public-ip-cell.module.css';
import { usePublicIpMessages, usePublicIpTextsReady } from './use-public-ip-texts';

type Props = { vm: TActiveVm };

// The modal's code loads while the maintenance check runs, on the first tap on Assign.
const assignDialog = lazyDialog(
  () => import('./assign-public-ip-modal'),
  (module) => module.AssignPublicIpModal,
  (props) => props.opened,
);

/**
 * The Products tab's "IP address or Assign" (vm-lifecycle.md §2.7, §4): the public address once
 * the VM has one; Assign while it has none, which opens the assign modal, or shows the maintenance
 * message instead while the company's network script runs; disabled with the spec's tooltip for
 * a blocked VM; "Not assigned" for a VM that cannot have one yet (provisioning, failed, expired).
 */
export function PublicIpCell({ vm }: Props) {
  const isReady = usePublicIpTextsReady();
  const { t } = useTranslation('publicIp');
  const { translateMessage, translateError } = usePublicIpMessages();
  const [isOpen, setOpen] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const address = vm.ciscoMerakiIP?.trim();

  if (address) {
    return (
      <span className={classes.address} data-testid="vm-public-ip">
        {address}
      </span>
    );
  }
  if (!isReady) return <Skeleton height={28} width={84} radius="sm" />;
  if (!canAssignPublicIp(vm)) {
    return (
      <Text span c="dimmed" size="sm" data-testid="vm-public-ip-none">
        {t('cell.notAssigned')}
      </Text>
    );
  }

  const label = t('cell.assignLabel', { name: vm.aliasName ?? vm.vmName });
  if (vm.isBlocked === 1) {
    return (
      <GuardedButton
        size="compact-sm"
        variant="light"
        leftSection={<IconWorldPlus size={14} aria-hidden />}
        unavailableReason={t('cell.blocked')}
        aria-label={label}
        data-testid="assign-public-ip"
      >
        {t('cell.assign')}
      </GuardedButton>
    );
  }

  const openUnlessMaintenance = async () => {
    assignDialog.preload();
    setChecking(true);
    try {
      if (await isNetworkScriptRunning()) {
        showErrorToast({ message: translateMessage(publicIpMessages.maintenance) });
      } else {
        setOpen(true);
      }
    } catch (error) {
      showErrorToast({ message: translateError(error) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconWorldPlus size={14} aria-hidden />}
        loading={isChecking}
        aria-label={label}
        onClick={() => void openUnlessMaintenance()}
        data-testid="assign-public-ip"
      >
        {t('cell.assign')}
      </Button>
      <VisuallyHidden role="status">{isChecking ? t('cell.checking') : ''}</VisuallyHidden>
      <assignDialog.Dialog vm={vm} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
