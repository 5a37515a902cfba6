import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { notifications } from '../../db/schema/accounts';
import {
  orderEvents,
  orders,
  paymentTransactions,
  vmRequests,
  type OrderRow,
} from '../../db/schema/orders';
import type { JobQueue } from '../../jobs/job-queue';
import { QUEUES, VM_REQUEST_RETRIES } from '../../jobs/queues';
import { randomToken } from '../../lib/tokens';
import { isRejected, type GatewayVerdict, type RejectedEvent } from '../../payments/gateway';

/** Where an event about an order came from (kept in order_events.source). */
export type EventSource =
  'notification' | 'return' | 'status-query' | 'retry' | 'sandbox' | 'bypass' | 'expiry';

export type AppliedVerdict = {
  /** What order_events recorded: the verdict, or 'rejected'. */
  verdict: GatewayVerdict['status'] | 'rejected';
  /** True for the one call that moved the order to its final status. */
  settled: boolean;
};

const PURCHASE_MAIL_RETRIES = { retryLimit: 8, retryDelay: 30, retryBackoff: true };

/** Whether a verified verdict can be believed for this order's charge (amount and currency). */
function chargeMismatch(order: OrderRow, verdict: GatewayVerdict): string | null {
  if (verdict.status !== 'paid') return null;
  if (verdict.amountMinor !== undefined && verdict.amountMinor !== order.chargeTotalMinor)
    return 'amount differs from the order';
  if (verdict.currency && verdict.currency.toUpperCase() !== order.chargeCurrency.toUpperCase())
    return 'currency differs from the order';
  return null;
}

/**
 * The one place an order is settled (DESIGN.md departure 5). Every event is appended to the
 * order's log; a paid verdict moves the order to `paid` by one conditional UPDATE, and only the
 * call whose UPDATE returned the row writes the transaction, the VM request and its job, the bell
 * notification and the receipt mail's job, all in the same transaction. However many notifications
 * arrive, in whatever order, from however many processes, that happens once. A verified payment
 * also settles an order that had expired, failed or been cancelled: the money was taken, so the
 * customer gets what was paid for. Failed and cancelled settle only a pending order.
 */
export async function applyVerdict(
  deps: { db: Database; jobs: JobQueue },
  order: OrderRow,
  event: { source: EventSource; payload: unknown },
  result: GatewayVerdict | RejectedEvent,
): Promise<AppliedVerdict> {
  const rejection = isRejected(result) ? result.rejected : chargeMismatch(order, result);
  const verdict = rejection !== null ? 'rejected' : (result as GatewayVerdict).status;

  return deps.db.transaction(async (tx) => {
    const logged = sql`INSERT INTO ${orderEvents} (order_id, company_id, source, payload, verdict, detail)
      VALUES (${order.id}, ${order.companyId}, ${event.source}, ${JSON.stringify(event.payload ?? {})}::jsonb, ${verdict}, ${rejection})`;
    if (rejection !== null || verdict === 'pending') {
      await tx.execute(logged);
      return { verdict, settled: false };
    }
    const gatewayVerdict = result as GatewayVerdict;

    if (verdict === 'paid') {
      // One statement: the log line, the move to paid (only one caller gets the row back), and
      // what a paid order brings, each written from that row, so nothing follows a lost race.
      const settled = await tx.execute(sql`
        WITH logged AS (${logged}),
        paid AS (
          UPDATE ${orders} SET status = 'paid', settled_at = now(), status_message = NULL
          WHERE id = ${order.id} AND status <> 'paid'
          RETURNING id, company_id, customer_id, kind, reference, gateway, charge_currency,
            charge_total_minor, is_test
        ),
        transaction_row AS (
          INSERT INTO ${paymentTransactions} (order_id, company_id, customer_id, transaction_id,
            payment_mode, currency, amount_minor, is_test, receipt_token)
          SELECT id, company_id, customer_id, COALESCE(${gatewayVerdict.gatewayTransactionId ?? null}::text, reference),
            COALESCE(gateway, 'byPass'), charge_currency, charge_total_minor, is_test, ${randomToken()}
          FROM paid
          ON CONFLICT DO NOTHING
        ),
        vm_request AS (
          INSERT INTO ${vmRequests} (order_id, company_id, customer_id, kind)
          SELECT id, company_id, customer_id, kind FROM paid
          ON CONFLICT DO NOTHING
        ),
        bell AS (
          INSERT INTO ${notifications} (customer_id, detail)
          SELECT customer_id, ${purchaseNotice(order)} FROM paid
        )
        SELECT id FROM paid`);
      if (rowsOf(settled).length === 0) return { verdict, settled: false };
      await deps.jobs.sendMany(
        [
          { queue: QUEUES.vmRequest, data: { orderId: order.id }, ...VM_REQUEST_RETRIES },
          {
            queue: QUEUES.purchaseConfirmation,
            data: { orderId: order.id },
            ...PURCHASE_MAIL_RETRIES,
          },
        ],
        tx,
      );
      return { verdict, settled: true };
    }

    await tx.execute(logged);
    const [settled] = await tx
      .update(orders)
      .set({
        status: gatewayVerdict.status,
        settledAt: new Date(),
        statusMessage: gatewayVerdict.message ?? null,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    return { verdict, settled: settled !== undefined };
  });
}

/** What happens next, by order kind (vm-lifecycle.md comes-from 1–5), in English and Korean. */
const NEXT_STEPS: Record<number, { en: string; ko: string }> = {
  1: { en: 'Your virtual machine is being set up.', ko: '가상 머신이 곧 준비됩니다.' },
  2: { en: 'Your backup is being made.', ko: '백업을 만드는 중입니다.' },
  3: { en: 'Your renewal is being applied.', ko: '갱신을 적용하는 중입니다.' },
  4: { en: 'Your update is being applied.', ko: '변경 사항을 적용하는 중입니다.' },
  5: { en: 'Your renewals are being applied.', ko: '갱신을 적용하는 중입니다.' },
};

/** The bell's line for a paid order, in the order's language. */
function purchaseNotice(order: OrderRow): string {
  const next = NEXT_STEPS[order.kind] ?? NEXT_STEPS[1]!;
  return order.language === 'ko'
    ? `주문 ${order.reference}(${order.productName})의 결제가 완료되었습니다. ${next.ko}`
    : `Payment received for order ${order.reference} (${order.productName}). ${next.en}`;
}

/** A pending order past its time becomes expired (one statement; a paid one is left alone). */
export async function expireOrder(db: Database, orderId: number): Promise<boolean> {
  const [expired] = await db
    .update(orders)
    .set({ status: 'expired', settledAt: new Date() })
    .where(
      and(eq(orders.id, orderId), eq(orders.status, 'pending'), sql`${orders.expiresAt} <= now()`),
    )
    .returning({ id: orders.id, companyId: orders.companyId });
  if (!expired) return false;
  await db.insert(orderEvents).values({
    orderId: expired.id,
    companyId: expired.companyId,
    source: 'expiry',
    payload: {},
    verdict: 'expired',
    detail: null,
  });
  return true;
}
