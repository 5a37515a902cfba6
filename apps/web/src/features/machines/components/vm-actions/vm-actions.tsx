import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconEye,
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconPower,
  IconRefresh,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import {
  powerActionsFor,
  vmActionMessages,
  type PowerAction,
  type VmLiveState,
} from '@cloud-portal/contract/vms/vm-action-rules';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { isChanging, useLiveVmState } from '../../api/vm-actions/get-vm-status';
import { usePowerVm } from '../../api/vm-actions/power-vm';
import { GuardedButton } from './guarded-button';
import { useVmActionMessages } from './vm-action-texts';
import { preloadVmDialogs, useOpenVmDialog } from './vm-dialogs';
import classes from './vm-actions.module.css';

const POWER_ICONS = {
  startVM: IconPlayerPlay,
  shutdownVM: IconPlayerStop,
  powerOffVM: IconPower,
  rebootVM: IconRefresh,
} as const satisfies Record<PowerAction, unknown>;

type Layout = 'table' | 'card';

/** Why View and the power actions are not available for a VM in this state, if they are not. */
function useUnavailableReason(vm: TActiveVm, state: VmLiveState) {
  const { t } = useTranslation('vmActions');
  const { translateMessage } = useVmActionMessages();
  if (vm.isBlocked === 1) return t('actions.blockedUse');
  if (!vm.createdUUID || state === 'provisioning') return t('actions.notReady');
  if (state === 'failed') return translateMessage(vmActionMessages.provisioningFailed);
  if (state === 'expired') return translateMessage(vmActionMessages.expiredView);
  if (state === 'archived') return translateMessage(vmActionMessages.archived);
  return null;
}

/**
 * A VM's actions on the Products tab (vm-lifecycle.md §2.7): View (access details), Power (only
 * the actions its live state allows; Power off asks first), Update and Delete (asks first; the
 * server's refusal, such as the shut-off rule, is shown in the dialog). A blocked VM keeps its
 * buttons focusable but unavailable, with the spec's tooltips. The dialogs live in `VmDialogs`.
 */
export function VmActions({ vm, layout }: { vm: TActiveVm; layout: Layout }) {
  const { t } = useTranslation('vmActions');
  const { translateMessage, translateError } = useVmActionMessages();
  const openDialog = useOpenVmDialog();
  const state = useLiveVmState(vm);
  const power = usePowerVm(vm.createdUUID ?? '');
  const unavailable = useUnavailableReason(vm, state);
  const isBlocked = vm.isBlocked === 1;
  const isWorking = power.isPending || isChanging(state);
  const powerActions = powerActionsFor(state);
  const size = layout === 'table' ? 'compact-sm' : 'sm';

  const runPower = (action: PowerAction) => {
    if (action === 'powerOffVM') {
      openDialog(vm.ID, 'powerOff');
      return;
    }
    power.mutate(action, {
      onSuccess: ({ message }) => showSuccessToast({ message: translateMessage(message) }),
      onError: (error) => showErrorToast({ message: translateError(error) }),
    });
  };

  const powerLabel = isWorking ? t('actions.pending') : t('actions.power');
  const powerReason =
    unavailable ??
    (powerActions.length === 0 && !isWorking
      ? translateMessage(vmActionMessages.invalidState)
      : null);

  return (
    <div
      className={layout === 'table' ? classes.actions : classes.cardActions}
      role="group"
      aria-label={t('actions.label', { name: vm.vmName })}
      data-testid="vm-actions"
      onPointerEnter={preloadVmDialogs}
      onFocus={preloadVmDialogs}
    >
      <GuardedButton
        size={size}
        variant="light"
        leftSection={<IconEye size={14} aria-hidden />}
        onClick={() => openDialog(vm.ID, 'view')}
        unavailableReason={unavailable}
        aria-label={t('actions.viewFor', { name: vm.vmName })}
        data-testid="vm-view"
      >
        {t('actions.view')}
      </GuardedButton>

      {powerReason || isWorking ? (
        <GuardedButton
          size={size}
          variant="default"
          leftSection={<IconPower size={14} aria-hidden />}
          loading={isWorking}
          unavailableReason={isWorking ? t('actions.pending') : powerReason}
          data-testid="vm-power"
        >
          {powerLabel}
        </GuardedButton>
      ) : (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button
              size={size}
              variant="default"
              leftSection={<IconPower size={14} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              data-testid="vm-power"
            >
              {powerLabel}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {powerActions.map((action) => {
              const Icon = POWER_ICONS[action];
              return (
                <Menu.Item
                  key={action}
                  leftSection={<Icon size={14} aria-hidden />}
                  color={action === 'powerOffVM' ? 'red' : undefined}
                  onClick={() => runPower(action)}
                  data-testid={`vm-${action}`}
                >
                  {t(`actions.${action}`)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}

      <GuardedButton
        size={size}
        variant="default"
        leftSection={<IconSettings size={14} aria-hidden />}
        onClick={() => openDialog(vm.ID, 'update')}
        unavailableReason={isBlocked ? t('actions.blockedUpdate') : null}
        data-testid="vm-update"
      >
        {t('actions.update')}
      </GuardedButton>

      <GuardedButton
        size={size}
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => openDialog(vm.ID, 'delete')}
        unavailableReason={vm.createdUUID ? null : t('actions.notReady')}
        aria-label={t('actions.deleteFor', { name: vm.vmName })}
        data-testid="vm-delete"
      >
        {t('actions.delete')}
      </GuardedButton>
    </div>
  );
}

/** The alias pencil (vm-lifecycle.md §2.7): opens the Add alias name dialog. */
export function AliasEditButton({ vm }: { vm: TActiveVm }) {
  const { t } = useTranslation('vmActions');
  const openDialog = useOpenVmDialog();
  const label = t('actions.editAlias', { name: vm.vmName });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        size="sm"
        onClick={() => openDialog(vm.ID, 'alias')}
        onPointerEnter={preloadVmDialogs}
        onFocus={preloadVmDialogs}
        aria-label={label}
        data-testid="vm-alias-edit"
      >
        <IconPencil size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
