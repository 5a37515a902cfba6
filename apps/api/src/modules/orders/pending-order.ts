import { and, eq, gt, sql } from 'drizzle-orm';
import { PESAPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { rowsOf, type Database } from '../../db/client';
import { orderEvents, orders, type OrderRow } from '../../db/schema/orders';
import { orderTargets } from '../../db/schema/virtual-machines';
import { AppError } from '../../errors';
import { expireOrder } from '../payments/apply-verdict';
import type { PaymentStart } from '../../payments/gateway';
import { findOwnOrder } from './order-access';
import { describeOrderStatus } from './order-status';
import { startOrderPayment, type PaymentDeps } from './start-payment';
import type { OwnerScope } from '../../tenancy/owner-scope';

/**
 * Why an order that is not pending, or is past its time, cannot be paid or cancelled (409). A
 * pending order whose expiry job has not run yet is expired here, so it reads Expired everywhere.
 */
async function refuseClosed(db: Database, order: OrderRow): Promise<never> {
  if (order.status === 'pending') await expireOrder(db, order.id);
  throw new AppError(
    409,
    order.status === 'paid'
      ? orderMessages.orderAlreadyPaid
      : order.status === 'pending' || order.status === 'expired'
        ? orderMessages.orderExpired
        : orderMessages.orderClosed,
  );
}

const isOpen = (order: OrderRow) =>
  order.status === 'pending' && order.expiresAt.getTime() > Date.now();

type ResumedOrder = {
  order: OrderRow;
  start: PaymentStart | null;
  vmIds: number[];
  daysExtended: number;
};

/**
 * resumeOrderPayment: the invoice of the customer's own pending order, with its payment started
 * again at its gateway (a freshly signed form, the Sandbox's checkout again, a new PayPal order),
 * so it can be paid from any tab until it expires. As at CreateOrder, nothing is started while a
 * licence is still to come, nor for PesaPal (its order is made at Pay by submitOrderRequest).
 */
export async function resumeOrderPayment(
  deps: PaymentDeps,
  owner: OwnerScope,
  reference: string,
  origin: string,
): Promise<ResumedOrder> {
  const order = await findOwnOrder(deps.db, owner, reference);
  if (!isOpen(order)) return refuseClosed(deps.db, order);
  const targets = await deps.db
    .select({ vmId: orderTargets.vmId, daysExtended: orderTargets.daysExtended })
    .from(orderTargets)
    .where(and(eq(orderTargets.orderId, order.id), eq(orderTargets.companyId, owner.companyId)));
  const waitsForLicence = order.requiresLicence && !order.licencePath;
  const start =
    waitsForLicence || order.gateway === PESAPAL_GATEWAY
      ? null
      : await startOrderPayment(deps, order, origin);
  return {
    order,
    start,
    vmIds: targets.map((target) => target.vmId),
    daysExtended: Math.max(0, ...targets.map((target) => target.daysExtended)),
  };
}

/**
 * cancelOrder: the customer's own pending, unexpired order becomes cancelled, by one conditional
 * UPDATE that also logs the event. Decided on that statement's result: a payment that settled
 * first wins (409 already paid); a verified payment that arrives after the cancel still settles
 * the order (ADR 016, late payments), so a payment is never lost.
 */
export async function cancelOwnOrder(
  db: Database,
  owner: OwnerScope,
  reference: string,
): Promise<TOrderStatusResponse> {
  const cancelled = await db.execute(sql`
    WITH cancelled AS (
      UPDATE ${orders}
      SET status = 'cancelled', settled_at = now(), status_message = ${orderMessages.orderCancelled}
      WHERE ${and(
        eq(orders.reference, reference),
        eq(orders.companyId, owner.companyId),
        eq(orders.customerId, owner.customerId),
        eq(orders.status, 'pending'),
        gt(orders.expiresAt, sql`now()`),
      )}
      RETURNING id, company_id
    )
    INSERT INTO ${orderEvents} (order_id, company_id, source, payload, verdict, detail)
    SELECT id, company_id, 'customer', '{}'::jsonb, 'cancelled', 'cancelled by the customer'
    FROM cancelled
    RETURNING order_id`);
  const order = await findOwnOrder(db, owner, reference);
  if (rowsOf(cancelled).length === 0) return refuseClosed(db, order);
  return describeOrderStatus(db, order);
}
