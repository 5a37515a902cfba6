import { eq } from 'drizzle-orm';
import type { TOrderStatusResponse } from '@cloud-portal/contract/orders/get-order-status';
import { orders, type OrderRow } from '../../db/schema/orders';
import type { JobQueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import { applyVerdict } from '../payments/apply-verdict';
import { GatewayUnavailable } from '../../payments/gateway';
import { loadGatewaySettings } from '../../payments/gateway-settings';
import { getGateway } from '../../payments/registry';
import { findOwnOrder, orderForGateway } from './order-access';
import { describeOrderStatus } from './order-status';
import type { PaymentDeps } from './start-payment';
import type { OwnerScope } from '../../tenancy/owner-scope';

type ConfirmDeps = PaymentDeps & { jobs: JobQueue };

/** How often, and for how long, a status query that could not reach the gateway is retried. */
const CONFIRMATION_RETRIES = { retryLimit: 12, retryDelay: 20, retryBackoff: true };

/**
 * Asks the order's gateway where the payment stands and settles the order on its verified
 * answer. `hint` is what the browser's return carried: ids for the adapter to ask about, never a
 * verdict. A gateway that is down leaves the order pending and queues a retry.
 */
async function confirmOrderPayment(
  deps: ConfirmDeps,
  order: OrderRow,
  hint: Record<string, string>,
  source: 'return' | 'retry',
): Promise<'asked' | 'unavailable' | 'final'> {
  if (order.status === 'paid' || !order.gateway) return 'final';
  const settings = await loadGatewaySettings(
    deps.db,
    deps.credentialsKey,
    order.companyId,
    order.gateway,
  );
  if (!settings) return 'final';
  const gateway = getGateway(order.gateway);
  try {
    const verdict = await gateway.queryStatus(
      orderForGateway(order),
      settings,
      deps.gatewayHttp,
      hint,
    );
    // Only what changes something is worth a line in the order's log.
    if (verdict.status !== 'pending' && (order.status === 'pending' || verdict.status === 'paid'))
      await applyVerdict(
        deps,
        order,
        { source: source === 'return' ? 'status-query' : 'retry', payload: { hint } },
        verdict,
      );
    return 'asked';
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    if (source === 'return')
      await deps.jobs.send(
        QUEUES.paymentConfirmation,
        { orderId: order.id, hint },
        CONFIRMATION_RETRIES,
      );
    return 'unavailable';
  }
}

/** transactionApi: the browser is back from the gateway; ask the gateway, answer what is verified. */
export async function confirmOwnOrderPayment(
  deps: ConfirmDeps,
  owner: OwnerScope,
  reference: string,
  hint: Record<string, string>,
): Promise<TOrderStatusResponse> {
  const order = await findOwnOrder(deps.db, owner, reference);
  if (order.status === 'pending') await confirmOrderPayment(deps, order, hint, 'return');
  return describeOrderStatus(deps.db, await findOwnOrder(deps.db, owner, reference));
}

/** The payment-confirmation job: ask again; throwing makes pg-boss retry with backoff. */
export async function retryOrderConfirmation(
  deps: ConfirmDeps,
  job: { orderId: number; hint: Record<string, string> },
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId));
  if (!order || order.status !== 'pending') return;
  const outcome = await confirmOrderPayment(deps, order, job.hint, 'retry');
  if (outcome === 'unavailable') throw new GatewayUnavailable('gateway still unreachable');
}
