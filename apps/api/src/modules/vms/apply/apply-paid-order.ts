import { eq } from 'drizzle-orm';
import { ORDER_KINDS, type OrderKind } from '@cloud-portal/contract/orders/order-status';
import { orders } from '../../../db/schema/orders';
import { applyBackupOrder } from './apply-backup';
import { applyRenewal } from './apply-renewal';
import { applyUpdateOrder } from './apply-update';
import { provisionVm, type ProvisionDeps, type ProvisionOutcome } from './provision-vm';

/** What a paid order's job needs: the database, mail, the hypervisor connection and a clock. */
export type ApplyDeps = ProvisionDeps;

/**
 * Applies one paid order of its kind to the machines; the same outcome as provisioning: done,
 * failed (the customer was told), waiting (run again after `retryInSeconds`) or ignored. A
 * handler is idempotent by order: it may run again after a crash or a duplicate job.
 */
export type PaidOrderHandler = (deps: ApplyDeps, orderId: number) => Promise<ProvisionOutcome>;

/** Each kind's handler; a kind without one (yet) is ignored. */
const HANDLERS: Partial<Record<OrderKind, PaidOrderHandler>> = {
  [ORDER_KINDS.newPurchase]: (deps, orderId) => provisionVm(deps, { orderId }),
  [ORDER_KINDS.cloneOrSnapshot]: applyBackupOrder,
  [ORDER_KINDS.renew]: applyRenewal,
  [ORDER_KINDS.update]: applyUpdateOrder,
  [ORDER_KINDS.multiRenew]: applyRenewal,
};

/** The `vm-request` job: what a paid order asks of the machines layer, by its kind. */
export async function applyPaidOrder(
  deps: ApplyDeps,
  job: { orderId: number },
): Promise<ProvisionOutcome> {
  const [order] = await deps.db
    .select({ kind: orders.kind, status: orders.status })
    .from(orders)
    .where(eq(orders.id, job.orderId));
  if (!order || order.status !== 'paid') return { status: 'ignored' };
  const handler = HANDLERS[order.kind as OrderKind];
  return handler ? handler(deps, job.orderId) : { status: 'ignored' };
}
