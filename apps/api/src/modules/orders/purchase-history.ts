import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  PURCHASE_HISTORY_PAGE_SIZE,
  type TPurchaseHistoryPage,
  type TPurchaseHistoryRow,
} from '@cloud-portal/contract/orders/purchase-history';
import {
  bankReferenceOf,
  isCloneOf,
  updateIdOf,
  type OrderStatus,
} from '@cloud-portal/contract/orders/order-status';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { Database } from '../../db/client';
import { orders, paymentTransactions, type OrderDetails } from '../../db/schema/orders';
import type { OwnerScope } from '../../tenancy/owner-scope';

/** §2.7: View Receipt shows only for 'COMPLETED'; every other status is shown as its text. */
const TRANSACTION_STATUSES: Record<OrderStatus, string> = {
  paid: 'COMPLETED',
  pending: 'Pending',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const ownedBy = (owner: OwnerScope) =>
  and(eq(orders.companyId, owner.companyId), eq(orders.customerId, owner.customerId));

/**
 * One page of the customer's purchases, newest first. The total rides along as an uncorrelated
 * subquery on `orders_customer_idx`, so a page costs one round trip; only a page past the end
 * (no row to carry it) asks for the count on its own.
 */
export async function listPurchaseHistory(
  db: Database,
  owner: OwnerScope,
  page: number,
): Promise<TPurchaseHistoryPage> {
  const totalOfOwner = db.select({ total: count() }).from(orders).where(ownedBy(owner));
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      kind: orders.kind,
      details: orders.details,
      status: orders.status,
      gateway: orders.gateway,
      productName: orders.productName,
      currency: orders.chargeCurrency,
      totalMinor: orders.chargeTotalMinor,
      orderedAt: orders.createdAt,
      expiresAt: orders.expiresAt,
      transactionId: paymentTransactions.transactionId,
      paymentMode: paymentTransactions.paymentMode,
      paidAt: paymentTransactions.createdAt,
      receiptToken: paymentTransactions.receiptToken,
      total: sql<number>`(${totalOfOwner})`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.orderId, orders.id),
        eq(paymentTransactions.companyId, orders.companyId),
      ),
    )
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PURCHASE_HISTORY_PAGE_SIZE)
    .offset((page - 1) * PURCHASE_HISTORY_PAGE_SIZE);

  const total = rows[0]?.total ?? (page === 1 ? 0 : ((await totalOfOwner)[0]?.total ?? 0));
  return {
    rows: rows.map((row) => toPurchaseHistoryRow(row, Date.now())),
    total,
    page,
    pageSize: PURCHASE_HISTORY_PAGE_SIZE,
  };
}

type PurchaseRecord = {
  id: number;
  reference: string;
  kind: number;
  details: OrderDetails | null;
  status: OrderStatus;
  gateway: string | null;
  productName: string;
  currency: string;
  totalMinor: number;
  orderedAt: Date;
  expiresAt: Date;
  transactionId: string | null;
  paymentMode: string | null;
  paidAt: Date | null;
  receiptToken: string | null;
};

function toPurchaseHistoryRow(record: PurchaseRecord, now: number): TPurchaseHistoryRow {
  const isPaid = record.status === 'paid';
  // A pending order past its time is expired, whether or not its expiry job has run yet.
  const isPayable = record.status === 'pending' && record.expiresAt.getTime() > now;
  const status = record.status === 'pending' && !isPayable ? 'expired' : record.status;
  return {
    ID: record.id,
    orderID: record.reference,
    vmName: record.productName,
    bankReference: bankReferenceOf(record.kind, record.details?.backupKind),
    transactionID: record.transactionId,
    transactionDate: (record.paidAt ?? record.orderedAt).toISOString(),
    currencyCode: record.currency,
    totalCost: formatMinor(record.totalMinor),
    paymentMode: record.paymentMode ?? record.gateway,
    transactionStatus: TRANSACTION_STATUSES[status],
    updateID: updateIdOf(record),
    isClone: isCloneOf(record),
    tempTblID: null,
    // A receipt is only ever offered for a purchase that is complete.
    receiptToken: isPaid ? record.receiptToken : null,
    commingFrom: record.kind,
    payableUntil: isPayable ? record.expiresAt.toISOString() : null,
  };
}
