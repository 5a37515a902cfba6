import { z } from 'zod';

export * from './archive-messages';

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
