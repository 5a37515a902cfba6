import type { ActiveVmStatus, TActiveVm } from '@cloud-portal/contract/vms/active-vms';

/**
 * A VM whose row is about to change on its own: being made, busy, or having a paid update
 * applied (its new sizes arrive when it is done). The tab keeps asking until it settles.
 */
export function isSettling(vm: Pick<TActiveVm, 'status' | 'isUpdating'>): boolean {
  return vm.status === 'provisioning' || vm.status === 'busy' || vm.isUpdating === 1;
}

export type StatusBadge = {
  /** The key under productsTab.statuses. */
  key: ActiveVmStatus;
  color: 'blue' | 'green' | 'gray' | 'red' | 'orange' | 'yellow';
  /**
   * The label's colour: the hue's darkest shade where that reads at 4.5:1 on its light tint,
   * the body text where even that is too pale (green, orange, yellow).
   */
  textColor: string;
  withSpinner: boolean;
};

const STATUS_BADGES: Record<ActiveVmStatus, Omit<StatusBadge, 'key'>> = {
  provisioning: { color: 'blue', textColor: 'blue.9', withSpinner: true },
  running: { color: 'green', textColor: 'dark.9', withSpinner: false },
  shutoff: { color: 'gray', textColor: 'gray.9', withSpinner: false },
  busy: { color: 'yellow', textColor: 'dark.9', withSpinner: true },
  failed: { color: 'red', textColor: 'red.9', withSpinner: false },
  expired: { color: 'orange', textColor: 'dark.9', withSpinner: false },
  archived: { color: 'gray', textColor: 'gray.9', withSpinner: false },
};

/** How the Products tab shows a VM's state (vm-lifecycle.md §4). */
export function statusBadge(status: ActiveVmStatus): StatusBadge {
  return { key: status, ...STATUS_BADGES[status] };
}
