import { eq } from 'drizzle-orm';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import type { Database } from '../../db/client';
import { paymentTransactions, type OrderRow } from '../../db/schema/orders';
import { findOwnOrder } from './order-access';
import { toOrderStatus } from './serializers';
import type { OwnerScope } from '../../tenancy/owner-scope';

export async function describeOrderStatus(
  db: Database,
  order: OrderRow,
): Promise<TOrderStatusResponse> {
  const [transaction] =
    order.status === 'paid'
      ? await db
          .select({
            transactionId: paymentTransactions.transactionId,
            receiptToken: paymentTransactions.receiptToken,
          })
          .from(paymentTransactions)
          .where(eq(paymentTransactions.orderId, order.id))
      : [];
  return toOrderStatus(order, transaction ?? null);
}

/** getOrderStatus: a customer's own order as the server has verified it (404 for anyone else's). */
export async function getOrderStatus(
  db: Database,
  owner: OwnerScope,
  reference: string,
): Promise<TOrderStatusResponse> {
  return describeOrderStatus(db, await findOwnOrder(db, owner, reference));
}
