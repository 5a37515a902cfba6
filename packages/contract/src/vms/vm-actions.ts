import { z } from 'zod';
import { validateAliasName, vmActionMessages, VM_LIVE_STATES } from './vm-action-rules';

export * from './vm-action-rules';

/**
 * The VM actions of the Products tab (vm-lifecycle.md §2.7, §2.11, §3, §7, §8): access details,
 * power, live state, delete and alias. Power and live state are the portal's own calls (the spec
 * lacks them; issue 11 names them). Every call is for the signed-in customer's own machines.
 */

export const zAliasName = z
  .string({ error: vmActionMessages.aliasRequired })
  .trim()
  .superRefine((value, context) => {
    const problem = validateAliasName(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The machine's hypervisor UUID as the Products tab has it (`createdUUID`). */
const zVirDomainUuid = z
  .string({ error: vmActionMessages.notFound })
  .trim()
  .min(1, vmActionMessages.notFound)
  .max(100, vmActionMessages.notFound);

/**
 * The spec's `provider` (the delete screen sends a fixed "scaleComputing"). The portal knows each
 * machine's hypervisor from its own record, so the value is accepted and not trusted.
 */
export const zProvider = z.string().trim().max(100).optional();

const zVmId = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/vmAction/viewVM: the access details (§3 "VM access data"). */
export const ZViewVmRequest = z.object({
  provider: zProvider,
  virDomainUUID: zVirDomainUuid,
  /** The VM's ID (the Products tab's `ID`); when sent it must be the same machine's. */
  ID: zVmId.optional(),
});
export type TViewVmRequest = z.input<typeof ZViewVmRequest>;

/**
 * §3 "VM access data" of a machine or a clone. The password is fresh on every view and is the
 * only copy: the portal keeps only its hash. The answer is never cached (Cache-Control: no-store).
 */
export const ZVmAccessDetails = z.object({
  user: z.string(),
  password: z.string(),
  provider: z.string(),
  apiUrl: z.string().nullable(),
  systemUrl: z.string().nullable(),
  consoleUrl: z.string(),
  cloudServiceUrl: z.string().nullable(),
  /** The portal's addition: the machine's private address. */
  privateAddress: z.string().nullable(),
});

/** A machine's access details and, the portal's addition, its state when viewed. */
export const ZViewVmResponse = ZVmAccessDetails.extend({ state: z.enum(VM_LIVE_STATES) });
export type TViewVmResponse = z.infer<typeof ZViewVmResponse>;

/** POST /api/vmAction/{startVM,shutdownVM,powerOffVM,rebootVM}. */
export const ZPowerRequest = z.object({ provider: zProvider, virDomainUUID: zVirDomainUuid });
export type TPowerRequest = z.input<typeof ZPowerRequest>;

/** POST /api/vmAction/getVMStatus. */
export const ZVmStatusRequest = z.object({ virDomainUUID: zVirDomainUuid });

/** The answer of a power call (the state right after the hypervisor accepted it) and of getVMStatus. */
export const ZVmStateResponse = z.object({ state: z.enum(VM_LIVE_STATES) });
export type TVmStateResponse = z.infer<typeof ZVmStateResponse>;

/** POST /api/vmAction/deleteVirtualMachine (§3 "Delete VM payload"). */
export const ZDeleteVmRequest = z.object({ provider: zProvider, virDomainUUID: zVirDomainUuid });
export type TDeleteVmRequest = z.input<typeof ZDeleteVmRequest>;

/** POST /api/virtualMachine/addAliasName (§3 "Alias payload"); data.msg is shown on success. */
export const ZAddAliasNameRequest = z.object({ aliasName: zAliasName, productID: zVmId });
export type TAddAliasNameRequest = z.input<typeof ZAddAliasNameRequest>;
export const ZAddAliasNameResponse = z.object({ msg: z.string(), aliasName: z.string() });
export type TAddAliasNameResponse = z.infer<typeof ZAddAliasNameResponse>;
