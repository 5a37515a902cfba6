import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { backupMessages } from '@cloud-portal/contract/vms/backup-pricing';
import { renewMessages } from '@cloud-portal/contract/vms/renew-messages';
import { updateMessages } from '@cloud-portal/contract/vms/update-pricing';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-action-rules';

/** §8 "Blocked VM tooltips": what the API answers (403) for a blocked machine, word for word. */
const blockedMessages = {
  blockedRenew: 'This VM is blocked by admin, so you are not able to renew the VM.',
  blockedUpdate: 'This VM is blocked by admin, so you are not able to update the VM.',
  blockedClone: 'This VM is blocked by admin, so you are not able to clone the VM.',
  blockedUse: 'This VM is blocked by admin, so you are not able to use the VM.',
} as const;

/**
 * Every message the order screens can meet, by name: the contract's (order, price, machine) and
 * the server's blocked-VM answers. `messages.<name>` in the vmOrders texts translates each one.
 */
export const VM_ORDER_TEXTS = {
  noGateway: orderMessages.noGateway,
  gatewayNotOffered: orderMessages.gatewayNotOffered,
  gatewayUnavailable: orderMessages.gatewayUnavailable,
  bypassNotAllowed: orderMessages.bypassNotAllowed,
  conversionNotConfirmed: orderMessages.conversionNotConfirmed,
  priceChanged: marketplaceMessages.priceChanged,
  selectTimePeriod: marketplaceMessages.selectTimePeriod,
  regionNotOffered: marketplaceMessages.regionNotOffered,
  timePeriodNotOffered: marketplaceMessages.timePeriodNotOffered,
  productSaved: marketplaceMessages.productSaved,
  alreadySaved: marketplaceMessages.alreadySaved,
  savedItemsFull: marketplaceMessages.savedItemsFull,
  vmNotFound: vmActionMessages.notFound,
  hypervisorUnavailable: vmActionMessages.hypervisorUnavailable,
  ...renewMessages,
  ...backupMessages,
  ...updateMessages,
  ...blockedMessages,
} as const;
