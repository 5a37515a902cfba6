import {
  encodeRenewSelection,
  MAX_RENEW_SELECTION,
} from '@cloud-portal/contract/vms/renew-selection';
import type { TArchivedVm } from '@cloud-portal/contract/vms/archived-vms';
import type { TRenewalVm } from '@cloud-portal/contract/vms/renewals';

/** The renew screen of one VM (vm-lifecycle.md §2.11: the renew confirm's Yes goes there). */
export const renewPath = (id: number) => `/renewvm/${id}`;

/** The multi-renew screen of the selected VMs (§2.7 Renew Selected VM). */
export const renewSelectedPath = (ids: readonly number[]) =>
  `/renewMultipleVM/${encodeRenewSelection(ids)}`;

/** A row may be ticked unless a paid renewal is being applied or the provider blocked it. */
export function isSelectable(row: Pick<TRenewalVm, 'isRenewed' | 'isBlocked'>): boolean {
  return row.isRenewed === 0 && row.isBlocked === 0;
}

/**
 * The selection after ticking or unticking `id` (kept across pages, in the order ticked); a tick
 * beyond the most one payment renews is ignored.
 */
export function toggleSelection(
  selection: readonly number[],
  id: number,
  isChecked: boolean,
): number[] {
  if (!isChecked) return selection.filter((selected) => selected !== id);
  if (selection.includes(id) || selection.length >= MAX_RENEW_SELECTION) return [...selection];
  return [...selection, id];
}

/** An archived VM comes back only once renewed: its end date is ahead (ADR 017). */
export function isRestorable(vm: Pick<TArchivedVm, 'endDate'>, now: number = Date.now()): boolean {
  return vm.endDate !== null && Date.parse(vm.endDate) > now;
}

/** The delay before the page reloads after a restore (vm-lifecycle.md §9: 3 seconds). */
export const RESTORE_RELOAD_MS = 3_000;
