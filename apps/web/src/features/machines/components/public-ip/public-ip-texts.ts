import { publicIpMessages } from '@cloud-portal/contract/vms/public-ip-rules';
import type { MessagePattern } from '@/lib/use-contract-messages';

/**
 * Every text the assign call can answer, by name: the contract's, and the two the API's VM
 * lookup answers (apps/api/src/modules/vms/own-vm.ts), which the browser cannot import.
 */
export const PUBLIC_IP_TEXTS = {
  ...publicIpMessages,
  blocked: 'This VM is blocked by admin, so you are not able to use the VM.',
  vmNotFound: 'Virtual machine not found.',
} as const;

/** `lanIpOfOtherMachine(address)` of the contract, read back into its translation's values. */
export const PUBLIC_IP_PATTERNS: readonly MessagePattern[] = [
  {
    name: 'lanIpOfOtherMachine',
    pattern: /^Enter this virtual machine's LAN IP Address: (\S+)$/,
    values: (match) => ({ address: match[1]! }),
  },
];
