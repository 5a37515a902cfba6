import { z } from 'zod';

/** vm-lifecycle.md §8 and the success toast. */
export const RESTORE_ARCHIVE_SUCCESS = 'Archive Virtual Machine restored successfully.';
export const RESTORE_ARCHIVE_FAILED =
  'Unable to restore Archive Virtual Machine. Try again in sometime.';
/** Ours (ADR 017): an archived machine comes back only once its period is renewed. */
export const RESTORE_ARCHIVE_NOT_RENEWED = "This VM's period has ended. Renew it to restore it.";
export const RESTORE_ARCHIVE_IN_PROGRESS = 'This VM is already being restored.';

/**
 * POST /api/virtualMachine/restoreArchiveVM (customers). `provider` is the VM's service category
 * as the browser has it; the portal restores on the hypervisor its own record names.
 */
export const ZRestoreArchiveVmRequest = z.object({
  provider: z.string().trim().max(100),
  virtualMachineUUID: z.string().trim().min(1, 'Virtual machine not found.').max(100),
});
export type TRestoreArchiveVmRequest = z.infer<typeof ZRestoreArchiveVmRequest>;

/** `status` 'busy' until the restored machine runs again (then it is back in Products). */
export const ZRestoreArchiveVmResponse = z.object({
  ID: z.number().int(),
  status: z.literal('busy'),
});
export type TRestoreArchiveVmResponse = z.infer<typeof ZRestoreArchiveVmResponse>;
