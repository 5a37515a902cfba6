import { messages } from '../validation/messages';
import { hasControlCharacters } from '../validation/text';

/**
 * The plain rules and messages of the Products tab's VM actions (vm-lifecycle.md §2.7, §2.11, §3,
 * §7, §8), which the browser uses as they are; vm-actions.ts builds the calls' schemas on them.
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

/** What a hypervisor reports: the API's `MachineState` (hypervisors/provider.ts). */
export const MACHINE_STATES = [
  'provisioning',
  'running',
  'shutoff',
  'busy',
  'missing',
  'failed',
] as const;

/** A machine's state as the customer sees it: the hypervisor's, or the portal's own lifecycle. */
export const VM_LIVE_STATES = [...MACHINE_STATES, 'expired', 'archived'] as const;
export type VmLiveState = (typeof VM_LIVE_STATES)[number];

export const POWER_ACTIONS = ['startVM', 'shutdownVM', 'powerOffVM', 'rebootVM'] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** Which power buttons a VM in a state shows (the web app; the hypervisor decides for real). */
export function powerActionsFor(state: VmLiveState): PowerAction[] {
  if (state === 'running') return ['shutdownVM', 'powerOffVM', 'rebootVM'];
  if (state === 'shutoff') return ['startVM'];
  return [];
}
