import { Badge, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VmLiveState } from '@cloud-portal/contract/vms/vm-actions';
import { isChanging } from '../../api/vm-actions/get-vm-status';
import { statusBadge } from '../products-tab-format';

/** The live state, coloured as the Products tab colours a VM's status (missing as failed). */
export function LiveStateBadge({ state }: { state: VmLiveState }) {
  const { t } = useTranslation('vmActions');
  const badge = statusBadge(state === 'missing' ? 'failed' : state);
  return (
    <Badge
      component="span"
      color={badge.color}
      variant="light"
      c={badge.textColor}
      style={{ textTransform: 'none', flexShrink: 0 }}
      leftSection={
        isChanging(state) ? <Loader size={10} color={badge.textColor} aria-hidden /> : null
      }
      role="status"
      data-testid="vm-live-state"
      data-state={state}
    >
      {t(`states.${state}`)}
    </Badge>
  );
}
