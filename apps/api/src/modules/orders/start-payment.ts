import { and, eq } from 'drizzle-orm';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { Database } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { AppError } from '../../errors';
import { GatewayUnavailable, type GatewayHttp, type PaymentStart } from '../../payments/gateway';
import { loadGatewaySettings } from '../../payments/gateway-settings';
import { getGateway } from '../../payments/registry';
import { toOrderForGateway } from './order-access';
import { gatewayUrls } from './gateway-urls';

export type PaymentDeps = { db: Database; credentialsKey: Buffer; gatewayHttp: GatewayHttp };

/**
 * Prepares the payment of a pending order at its gateway: a signed form, or the gateway's order
 * and its redirect. The gateway's own order id is kept on the order. A gateway that is down
 * answers 503 and the order stays pending (it can be paid later, until it expires).
 */
export async function startOrderPayment(
  deps: PaymentDeps,
  order: OrderRow,
  origin: string,
): Promise<PaymentStart> {
  if (order.status !== 'pending' || !order.gateway)
    throw new AppError(
      409,
      order.status === 'expired' ? orderMessages.orderExpired : orderMessages.orderNotFound,
    );
  const settings = await loadGatewaySettings(
    deps.db,
    deps.credentialsKey,
    order.companyId,
    order.gateway,
  );
  if (!settings) throw new AppError(422, orderMessages.gatewayNotOffered);
  const gateway = getGateway(order.gateway);
  let start: PaymentStart;
  try {
    start = await gateway.startPayment(
      await toOrderForGateway(deps.db, order),
      gatewayUrls(order.gateway, origin, order.reference),
      settings,
      deps.gatewayHttp,
    );
  } catch (error) {
    if (error instanceof GatewayUnavailable)
      throw new AppError(503, orderMessages.gatewayUnavailable);
    throw error;
  }
  if (start.gatewayOrderId) {
    await deps.db
      .update(orders)
      .set({ gatewayOrderId: start.gatewayOrderId })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    order.gatewayOrderId = start.gatewayOrderId;
  }
  return start;
}
