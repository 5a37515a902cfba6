import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { backupMessages, type BackupKind } from '@cloud-portal/contract/vms/backup-pricing';
import type { TVmBackup } from '@cloud-portal/contract/vms/backups';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-action-rules';

/** §8 "Blocked VM tooltips", word for word (the API's 403 texts). */
export const BLOCKED_CLONE = 'This VM is blocked by admin, so you are not able to clone the VM.';
export const BLOCKED_USE = 'This VM is blocked by admin, so you are not able to use the VM.';
/** The portal's own: a clone restored into a machine of its own is not restored twice. */
export const ALREADY_RESTORED =
  'This clone has already been restored as a virtual machine of its own.';

/** The texts the Backup tab can show, by name (translated under vmOrders:messages). */
export const BACKUP_TAB_TEXTS = {
  ...backupMessages,
  vmNotFound: vmActionMessages.notFound,
  hypervisorUnavailable: vmActionMessages.hypervisorUnavailable,
  blockedClone: BLOCKED_CLONE,
  blockedUse: BLOCKED_USE,
  alreadyRestored: ALREADY_RESTORED,
} as const;

/**
 * Why a machine cannot be cloned or snapshotted now (§4 "VM states"), as the text to show, or
 * null when it can: blocked by the provider, itself a clone, or not running nor shut off.
 */
export function backupUnavailableReason(
  vm: Pick<TActiveVm, 'isBlocked' | 'isClone' | 'status' | 'createdUUID'>,
): string | null {
  if (vm.isBlocked === 1) return BLOCKED_CLONE;
  if (vm.isClone === 1) return backupMessages.alreadyAClone;
  if (!vm.createdUUID || (vm.status !== 'running' && vm.status !== 'shutoff')) {
    return backupMessages.notCloneable;
  }
  return null;
}

export type BackupAction = 'view' | 'restore' | 'delete';

/**
 * Why an action on a backup is not available, or null when it is (as the server decides): nothing
 * while it is being made or restored; a snapshot has no access details; view and restore are
 * refused for a blocked machine; a clone restored into a machine of its own is neither restored
 * again nor deleted here (it is deleted from Products); a snapshot of an archived machine waits
 * until the machine itself is restored.
 */
export function backupActionReason(
  backup: Pick<
    TVmBackup,
    'status' | 'isCloneOrSnapshot' | 'isBlocked' | 'isRestoredVM' | 'cloneUUID'
  >,
  action: BackupAction,
  isParentArchived = false,
): string | null {
  if (!backup.cloneUUID || backup.status === 'creating' || backup.status === 'restoring') {
    return backupMessages.backupNotReady;
  }
  const isRestored = backup.status === 'restored' || backup.isRestoredVM === 1;
  if (action === 'delete') return isRestored ? backupMessages.restoredIsAMachine : null;
  if (backup.isBlocked === 1) return BLOCKED_USE;
  if (backup.status === 'failed') return backupMessages.backupNotReady;
  if (action === 'view') {
    return backup.isCloneOrSnapshot === 'Snapshot' ? backupMessages.snapshotHasNoAccess : null;
  }
  if (isParentArchived && backup.isCloneOrSnapshot === 'Snapshot') {
    return backupMessages.restoreArchivedFirst;
  }
  return isRestored && backup.isCloneOrSnapshot === 'Clone' ? ALREADY_RESTORED : null;
}

/** Where the Backup tab's Clone and Snapshot lead (§2.7), with the type already chosen. */
export function backupOrderPath(kind: BackupKind, vmId: number): string {
  return kind === 'Clone' ? `/buyclonevm/${vmId}` : `/buysnapshotvm/${vmId}`;
}

/** §4: after a successful restore the page reloads this much later. */
export const RESTORE_RELOAD_MS = 3_000;
