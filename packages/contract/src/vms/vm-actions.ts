import { z } from 'zod';
import { hasControlCharacters } from '../validation/text';
import { messages } from '../validation/messages';

/**
 * The VM actions of the Products tab (vm-lifecycle.md §2.7, §2.11, §3, §7, §8): access details,
 * power, live state, delete and alias. Power and live state are the portal's own calls (the spec
 * lacks them; issue 11 names them). Every call is for the signed-in customer's own machines.
 */

/** What the API says, word for word, and what the browser shows (§8 and the portal's own). */
export const vmActionMessages = {
  mustBeShutOff: 'Virtual machine must be shut off to perform this operation.',
  notFound: 'Virtual machine not found.',
  hypervisorUnavailable: 'The hypervisor is not reachable. Please try again in a moment.',
  stillProvisioning: 'This virtual machine is still being set up. Please wait until it runs.',
  provisioningFailed:
    'This virtual machine could not be set up. Please contact support about your order.',
  expiredView: 'This virtual machine has expired. Renew it to use it again.',
  expiredStart: 'This virtual machine has expired. Renew it first to start it again.',
  archived: 'This virtual machine is archived. Restore it first.',
  busy: 'Another operation on this virtual machine is still in progress. Please wait for it to finish.',
  alreadyRunning: 'The virtual machine is already running.',
  alreadyShutOff: 'The virtual machine is already shut off.',
  rebootNeedsRunning: 'Only a running virtual machine can be rebooted.',
  invalidState: 'The virtual machine is not in a state that allows this operation.',
  missingAtHypervisor:
    'The hypervisor does not know this virtual machine any more. Please contact support.',
  invalidRequest: 'The hypervisor cannot perform this operation on this virtual machine.',
  rejected: 'The hypervisor refused this operation. Please try again later or contact support.',
  starting: 'The virtual machine is starting.',
  shuttingDown: 'The virtual machine is shutting down.',
  poweringOff: 'The virtual machine is powering off.',
  rebooting: 'The virtual machine is rebooting.',
  deleted: 'Virtual machine deleted successfully.',
  aliasRequired: 'Alias name required',
  aliasTooLong: 'Use at most 50 characters',
  aliasSaved: 'Alias name updated successfully',
} as const;

/** An alias name (§3 "Alias payload"): trimmed, 1 to 50 characters, no control characters. */
export const ALIAS_NAME_MAX_LENGTH = 50;

/** The browser's check of an alias (the same rule as `zAliasName`): null when it is fine. */
export function validateAliasName(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return vmActionMessages.aliasRequired;
  if ([...trimmed].length > ALIAS_NAME_MAX_LENGTH) return vmActionMessages.aliasTooLong;
  if (hasControlCharacters(trimmed)) return messages.textControlCharacters;
  return null;
}

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
const zProvider = z.string().trim().max(100).optional();

const zVmId = z.coerce.number().int().positive().max(2_147_483_647);

/** What a hypervisor reports (provider.ts's MachineState) and the portal's own lifecycle states. */
export const VM_LIVE_STATES = [
  'provisioning',
  'running',
  'shutoff',
  'busy',
  'missing',
  'failed',
  'expired',
  'archived',
] as const;
export type VmLiveState = (typeof VM_LIVE_STATES)[number];

/** POST /api/vmAction/viewVM: the access details (§3 "VM access data"). */
export const ZViewVmRequest = z.object({
  provider: zProvider,
  virDomainUUID: zVirDomainUuid,
  /** The VM's ID (the Products tab's `ID`); when sent it must be the same machine's. */
  ID: zVmId.optional(),
});
export type TViewVmRequest = z.input<typeof ZViewVmRequest>;

/**
 * The password is fresh on every view and is the only copy: the portal keeps only its hash. The
 * answer is never cached (Cache-Control: no-store).
 */
export const ZViewVmResponse = z.object({
  user: z.string(),
  password: z.string(),
  provider: z.string(),
  apiUrl: z.string().nullable(),
  systemUrl: z.string().nullable(),
  consoleUrl: z.string(),
  cloudServiceUrl: z.string().nullable(),
  /** The portal's additions: the machine's private address and state when viewed. */
  privateAddress: z.string().nullable(),
  state: z.enum(VM_LIVE_STATES),
});
export type TViewVmResponse = z.infer<typeof ZViewVmResponse>;

export const POWER_ACTIONS = ['startVM', 'shutdownVM', 'powerOffVM', 'rebootVM'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** POST /api/vmAction/{startVM,shutdownVM,powerOffVM,rebootVM}. */
export const ZPowerRequest = z.object({ provider: zProvider, virDomainUUID: zVirDomainUuid });
export type TPowerRequest = z.input<typeof ZPowerRequest>;

/** POST /api/vmAction/getVMStatus. */
export const ZVmStatusRequest = z.object({ virDomainUUID: zVirDomainUuid });
export type TVmStatusRequest = z.input<typeof ZVmStatusRequest>;

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

/** Which power buttons a VM in a state shows (the web app; the hypervisor decides for real). */
export function powerActionsFor(state: VmLiveState): PowerAction[] {
  if (state === 'running') return ['shutdownVM', 'powerOffVM', 'rebootVM'];
  if (state === 'shutoff') return ['startVM'];
  return [];
}
