import { SANDBOX_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { hmac, safeEqual } from '../../lib/tokens';
import type {
  GatewaySettings,
  GatewayVerdict,
  InboundEvent,
  OrderForGateway,
  PaymentGateway,
  RejectedEvent,
} from '../gateway';

/**
 * The built-in Sandbox Payment (DESIGN.md: the embedded default, no network). Its checkout page is
 * served by the API (`payments/sandbox-checkout-routes.ts`); the page's choice becomes a
 * notification signed with the company's sandbox secret and goes through the same verification
 * and completion as a real gateway's.
 */
export const SANDBOX_OUTCOMES = ['complete', 'fail', 'cancel'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

const VERDICT_OF: Record<SandboxOutcome, GatewayVerdict['status']> = {
  complete: 'paid',
  fail: 'failed',
  cancel: 'cancelled',
};

function signedText(fields: Record<string, string>): string {
  return ['reference', 'outcome', 'amount', 'currency', 'transactionId']
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join('&');
}

/** The notification the sandbox checkout sends for the customer's choice. */
export function signSandboxNotification(
  secret: string,
  fields: {
    reference: string;
    outcome: SandboxOutcome;
    amount: string;
    currency: string;
    transactionId: string;
  },
): [string, string][] {
  const values: Record<string, string> = { ...fields };
  return [...Object.entries(values), ['signature', hmac(secret, signedText(values))]];
}

function fieldsOf(event: InboundEvent): Record<string, string> {
  return Object.fromEntries(event.fields);
}

export const sandboxGateway: PaymentGateway = {
  name: SANDBOX_GATEWAY,
  // The checkout page is the portal's own: startPayment is given its address.
  defaultBaseUrl: { test: '', live: '' },
  requiredCredentials: ['secret'],

  async startPayment(order: OrderForGateway, urls) {
    return { kind: 'redirect', url: urls.notifyUrl.replace(/\/$/, '') };
  },

  referenceOf(event) {
    return fieldsOf(event).reference || null;
  },

  async verifyEvent(
    event: InboundEvent,
    order: OrderForGateway,
    settings: GatewaySettings,
  ): Promise<GatewayVerdict | RejectedEvent> {
    const fields = fieldsOf(event);
    const secret = settings.credentials.secret;
    if (!secret) return { rejected: 'sandbox secret not configured' };
    const expected = hmac(secret, signedText(fields));
    if (!fields.signature || !safeEqual(fields.signature, expected))
      return { rejected: 'signature mismatch' };
    if (fields.reference !== order.reference) return { rejected: 'reference mismatch' };
    const outcome = fields.outcome as SandboxOutcome;
    if (!SANDBOX_OUTCOMES.includes(outcome)) return { rejected: 'unknown outcome' };
    const amountMinor = Number(fields.amount);
    if (!Number.isSafeInteger(amountMinor)) return { rejected: 'bad amount' };
    return {
      status: VERDICT_OF[outcome],
      amountMinor,
      currency: fields.currency,
      gatewayTransactionId: fields.transactionId,
      message: outcome === 'fail' ? orderMessages.sandboxDeclined : undefined,
    };
  },

  // The sandbox's verdict comes only from its signed notification.
  async queryStatus() {
    return { status: 'pending' };
  },
};
