import type { JobQueue } from '../../jobs/job-queue';
import type { Database } from '../../db/client';
import { findOrderByReference, orderForGateway } from '../orders/order-access';
import type { OrderRow } from '../../db/schema/orders';
import { applyVerdict, type AppliedVerdict, type EventSource } from './apply-verdict';
import {
  GatewayUnavailable,
  type GatewayHttp,
  type GatewaySettings,
  type InboundEvent,
} from '../../payments/gateway';
import { loadGatewaySettings } from '../../payments/gateway-settings';
import { getGateway } from '../../payments/registry';

type InboundDeps = {
  db: Database;
  jobs: JobQueue;
  credentialsKey: Buffer;
  gatewayHttp: GatewayHttp;
};

export type InboundOutcome =
  | AppliedVerdict
  /** No order of ours by that reference and gateway: nothing to record it against. */
  | { verdict: 'unknown-order'; settled: false }
  /** The gateway's confirmation could not be reached: the sender should try again. */
  | { verdict: 'retry-later'; settled: false };

/** What an event's log entry keeps: the fields (or JSON) and query as received, no headers. */
function payloadOf(event: InboundEvent): unknown {
  return {
    ...(event.fields.length ? { fields: Object.fromEntries(event.fields) } : {}),
    ...(event.json !== null ? { json: event.json } : {}),
    ...(Object.keys(event.query).length ? { query: event.query } : {}),
  };
}

/**
 * A notification from a gateway (ITN, notify, IPN, webhook, or the sandbox's own): find the order
 * it names, let the adapter verify it with the company's settings, and settle the order on a
 * verified verdict. Forged, tampered and mismatched events are logged as rejected and change nothing.
 */
export async function handleInboundEvent(
  deps: InboundDeps,
  gatewayName: string,
  event: InboundEvent,
  source: Extract<EventSource, 'notification' | 'sandbox'> = 'notification',
  /** The order and settings when the caller has them already (the sandbox checkout). */
  known?: { order: OrderRow; settings: GatewaySettings },
): Promise<InboundOutcome> {
  const gateway = getGateway(gatewayName);
  const reference = gateway.referenceOf(event);
  const order =
    known && known.order.reference === reference
      ? known.order
      : reference
        ? await findOrderByReference(deps.db, reference)
        : null;
  if (!order || order.gateway !== gatewayName) return { verdict: 'unknown-order', settled: false };
  const settings =
    known?.order === order
      ? known.settings
      : await loadGatewaySettings(deps.db, deps.credentialsKey, order.companyId, gatewayName);
  const payload = { source, payload: payloadOf(event) };
  if (!settings)
    return applyVerdict(deps, order, payload, {
      rejected: 'gateway not configured for the company',
    });
  try {
    const result = await gateway.verifyEvent(
      event,
      orderForGateway(order),
      settings,
      deps.gatewayHttp,
    );
    return await applyVerdict(deps, order, payload, result);
  } catch (error) {
    if (error instanceof GatewayUnavailable) return { verdict: 'retry-later', settled: false };
    throw error;
  }
}
