import { z } from 'zod';
import { zPage } from '../paging';
import { zFlag } from '../marketplace/catalogue-schemas';
import { BACKUP_DURATION_TYPES, BACKUP_KINDS, backupMessages } from './backup-pricing';
import { ZVmAccessDetails, zProvider } from './vm-actions';

/**
 * A customer's clones and snapshots (vm-lifecycle.md §2.7 Products tab's nested table and the
 * Backup tab, §3 "Clone or snapshot row", §7 backup calls; ADR 019). Every call is for the
 * signed-in customer's own backups (404 otherwise).
 */

export const VM_BACKUP_STATUSES = [
  'creating',
  'ready',
  'restoring',
  'restored',
  'failed',
  'deleted',
] as const;
export type VmBackupStatus = (typeof VM_BACKUP_STATUSES)[number];

/** §3 "Clone or snapshot row" in the spec's wire names, plus the portal's id, status and dates. */
const ZVmBackup = z.object({
  /** The backup's own id. */
  ID: z.number().int(),
  /** The machine it is a backup of (virtual_machines.id). */
  cloneParentID: z.number().int(),
  parentVmName: z.string(),
  /** The backup's name. */
  vmName: z.string(),
  isCloneOrSnapshot: z.enum(BACKUP_KINDS),
  cloneCPU_Count: z.number().int(),
  cloneRAM_Count: z.number().int(),
  cloneDisk_Count: z.number().int(),
  /** The kept duration: `cloneDuration` units of `cloneType` (Daily, Weekly, Monthly). */
  cloneDuration: z.number().int(),
  cloneType: z.enum(BACKUP_DURATION_TYPES),
  /** The hypervisor's id of the clone or snapshot: the actions' cloneVMUUID / snapshotVMUUID /
   * virDomainUUID; null while it is being made. */
  cloneUUID: z.string().nullable(),
  serviceCategory: z.string(),
  /** 1 once a clone was restored into a machine of its own. */
  isRestoredVM: zFlag,
  /** The parent machine is blocked by the provider (view and restore are refused). */
  isBlocked: zFlag,
  status: z.enum(VM_BACKUP_STATUSES),
  createdAt: z.string(),
  /** Null while it is being made. */
  expiresAt: z.string().nullable(),
});
export type TVmBackup = z.infer<typeof ZVmBackup>;

export { VM_BACKUPS_PAGE_SIZE } from '../accounts/profile-page-sizes';

/**
 * GET /api/vmAction/vmBackups?vmId=N&page=P (customers): one page of the backups of one of their
 * machines (404 when it is not theirs), or of all their machines without vmId; newest first;
 * deleted ones left out.
 */
export const ZVmBackupsQuery = z.object({
  vmId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const ZVmBackupsPage = zPage(ZVmBackup);
export type TVmBackupsPage = z.infer<typeof ZVmBackupsPage>;

const zBackupUuid = z
  .string({ error: backupMessages.backupNotFound })
  .trim()
  .min(1, backupMessages.backupNotFound)
  .max(100, backupMessages.backupNotFound);

/** POST /api/vmAction/viewCloneVM: a clone's access details (not a snapshot's: 400). */
export const ZViewCloneVmRequest = z.object({ provider: zProvider, virDomainUUID: zBackupUuid });
export type TViewCloneVmRequest = z.input<typeof ZViewCloneVmRequest>;

/** §3 "VM access data" of a clone. */
export const ZViewCloneVmResponse = ZVmAccessDetails;
export type TViewCloneVmResponse = z.infer<typeof ZViewCloneVmResponse>;

/** POST /api/vmAction/deleteCloneVirtualMachine (the parent machine must be shut off: 400). */
export const ZDeleteCloneVmRequest = z.object({ provider: zProvider, cloneVMUUID: zBackupUuid });

/**
 * POST /api/vmAction/deleteSnapshot (the parent machine must be shut off: 400). The spec writes
 * the field both `snapshotVMUUID` and `SnapshotVMUUID`; either is accepted.
 */
export const ZDeleteSnapshotRequest = z
  .object({
    provider: zProvider,
    snapshotVMUUID: zBackupUuid.optional(),
    SnapshotVMUUID: zBackupUuid.optional(),
  })
  .transform((value, context) => {
    const uuid = value.snapshotVMUUID ?? value.SnapshotVMUUID;
    if (!uuid) {
      context.addIssue({
        code: 'custom',
        path: ['snapshotVMUUID'],
        message: backupMessages.backupNotFound,
      });
      return z.NEVER;
    }
    return { provider: value.provider, snapshotVMUUID: uuid };
  });

/** What a delete answers: the backup, now deleted. */
export const ZBackupDeletedResponse = z.object({
  cloneUUID: z.string(),
  isCloneOrSnapshot: z.enum(BACKUP_KINDS),
  status: z.literal('deleted'),
});
export type TBackupDeletedResponse = z.infer<typeof ZBackupDeletedResponse>;

/**
 * POST /api/virtualMachine/restoreCloneVM: a clone becomes a machine of its own (listed in
 * Products, isClone 1); a snapshot rolls its machine's disks back (the machine must be shut off).
 * Success 'Clone Virtual Machine restored successfully.'; failure 400 'Unable to restore Clone
 * Virtual Machine. Try again in sometime.' The page reloads 3 seconds later (§4).
 */
export const ZRestoreCloneVmRequest = z.object({ provider: zProvider, cloneVmUUID: zBackupUuid });
export type TRestoreCloneVmRequest = z.input<typeof ZRestoreCloneVmRequest>;

export const ZRestoreCloneVmResponse = z.object({
  cloneUUID: z.string(),
  isCloneOrSnapshot: z.enum(BACKUP_KINDS),
  /** A clone: the new machine's id (Products tab); a snapshot: its own machine's id. */
  vmID: z.number().int(),
  status: z.enum(VM_BACKUP_STATUSES),
});
export type TRestoreCloneVmResponse = z.infer<typeof ZRestoreCloneVmResponse>;
