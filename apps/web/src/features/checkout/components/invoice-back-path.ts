import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';

/**
 * Where the invoice's back arrow goes: the screen the order was made on. A clone or snapshot
 * order goes back to the clone screen (both screens change the type); a multi-renew, or an order
 * whose machine is unknown, to the profile's machines.
 */
export function invoiceBackPath(
  order: Pick<TOrderResponse, 'commingFrom' | 'productID' | 'vmIDs'>,
) {
  const vmId = order.vmIDs[0];
  switch (order.commingFrom) {
    case 1:
      return `/productdetails/${order.productID}`;
    case 2:
      return vmId === undefined ? '/CustomerProfile/2' : `/buyclonevm/${vmId}`;
    case 3:
      return vmId === undefined ? '/CustomerProfile/2' : `/renewvm/${vmId}`;
    case 4:
      return vmId === undefined ? '/CustomerProfile/2' : `/updatevm/${vmId}`;
    default:
      return '/CustomerProfile/2';
  }
}
