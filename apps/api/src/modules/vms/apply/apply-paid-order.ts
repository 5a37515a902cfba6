import { and, eq } from 'drizzle-orm';
import { ORDER_KINDS, type OrderKind } from '@cloud-portal/contract/orders/order-status';
import type { Database } from '../../../db/client';
import { customers } from '../../../db/schema/accounts';
import { companies } from '../../../db/schema/company';
import { orders, vmRequests } from '../../../db/schema/orders';
import { applyBackupOrder } from './apply-backup';
import { applyRenewal } from './apply-renewal';
import { applyUpdateOrder } from './apply-update';
import type { ApplyDeps, ApplyOutcome, PaidOrder, PaidOrderHandler } from './paid-order-handler';
import { provisionVm } from './provision-vm';

/** Each kind's handler; a kind without one (yet) is ignored. */
const HANDLERS: Partial<Record<OrderKind, PaidOrderHandler>> = {
  [ORDER_KINDS.newPurchase]: provisionVm,
  [ORDER_KINDS.cloneOrSnapshot]: applyBackupOrder,
  [ORDER_KINDS.renew]: applyRenewal,
  [ORDER_KINDS.update]: applyUpdateOrder,
  [ORDER_KINDS.multiRenew]: applyRenewal,
};

/**
 * The paid order with its company and customer, read afresh by each run: the job carries only
 * the order's id, and an earlier run (or another process) may have moved the order on since.
 */
async function loadPaidOrder(db: Database, orderId: number): Promise<PaidOrder | null> {
  const [found] = await db
    .select({
      order: orders,
      company: companies,
      email: customers.email,
      requestStatus: vmRequests.status,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(vmRequests, eq(vmRequests.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')));
  return found ?? null;
}

/**
 * The `vm-request` job: what a paid order asks of the machines layer, by its kind. The order is
 * read here once and handed to its kind's handler.
 */
export async function applyPaidOrder(
  deps: ApplyDeps,
  job: { orderId: number },
): Promise<ApplyOutcome> {
  const paid = await loadPaidOrder(deps.db, job.orderId);
  if (!paid) return { status: 'ignored' };
  const handler = HANDLERS[paid.order.kind as OrderKind];
  return handler ? handler(deps, paid) : { status: 'ignored' };
}
