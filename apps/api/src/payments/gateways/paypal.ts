import { PAYPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import { AppError } from '../../errors';
import {
  GatewayUnavailable,
  type GatewayHttp,
  type GatewaySettings,
  type GatewayVerdict,
  type InboundEvent,
  type OrderForGateway,
  type PaymentGateway,
  type RejectedEvent,
} from '../gateway';
import { GatewayTokenCache, type GatewayToken } from '../gateway-token-cache';

/**
 * PayPal Orders v2 (payments.md "PayPal Orders v2"): an order created at PayPal with an
 * idempotency key, the payer sent to its approve link, then captured on the server; paid only when
 * a capture says COMPLETED. Webhooks are believed only after PayPal's own signature verification.
 */

/** Tokens live about nine hours; one is renewed a minute before PayPal would refuse it. */
const TOKEN_RENEW_MARGIN_MS = 60_000;
const PAYPAL_TEXT_LIMIT = 127;
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

type JsonObject = Record<string, unknown>;
type PaypalAnswer = { status: number; body: JsonObject | null; debugId: string | null };

/** The client id and secret were refused: not an outage, but the order cannot go on either. */
class CredentialsRejected extends GatewayUnavailable {}

/** One token per (host, client id), shared by concurrent calls. */
const tokens = new GatewayTokenCache();

export const paypalGateway: PaymentGateway = {
  name: PAYPAL_GATEWAY,
  defaultBaseUrl: { test: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' },
  requiredCredentials: ['clientId', 'clientSecret'],

  async startPayment(order, urls, settings, http) {
    const amount = { currency_code: order.currency, value: formatMinor(order.amountMinor) };
    const name = clip(order.description || order.reference);
    const brandName = settings.settings.brandName;
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.reference,
          custom_id: order.reference,
          invoice_id: order.reference,
          description: name,
          amount: { ...amount, breakdown: { item_total: amount } },
          items: [{ name, quantity: '1', unit_amount: amount, category: 'DIGITAL_GOODS' }],
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: urls.returnUrl,
            cancel_url: urls.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            ...(brandName ? { brand_name: clip(brandName) } : {}),
          },
        },
      },
    };

    let answer: PaypalAnswer;
    try {
      answer = await callPaypal(settings, http, 'POST', '/v2/checkout/orders', {
        body: JSON.stringify(body),
        headers: { 'PayPal-Request-Id': order.reference, Prefer: 'return=minimal' },
      });
    } catch (error) {
      if (error instanceof CredentialsRejected) {
        throw new AppError(502, orderMessages.paypalNotCreated);
      }
      throw error;
    }

    // A repeated PayPal-Request-Id replays the first answer, with 200 instead of 201.
    const created = answer.status === 201 || answer.status === 200;
    const status = answer.body?.status;
    const id = answer.body?.id;
    const link = linkOf(
      answer.body,
      status === 'PAYER_ACTION_REQUIRED' ? 'payer-action' : 'approve',
    );
    if (
      !created ||
      (status !== 'CREATED' && status !== 'PAYER_ACTION_REQUIRED') ||
      typeof id !== 'string' ||
      !id ||
      !link
    ) {
      throw new AppError(502, orderMessages.paypalNotCreated);
    }
    return { kind: 'redirect', url: link, gatewayOrderId: id };
  },

  referenceOf(event) {
    return customIdOf(asObject(asObject(event.json)?.resource));
  },

  async verifyEvent(event, order, settings, http) {
    const webhookEvent = asObject(event.json);
    if (!webhookEvent) return { rejected: 'paypal webhook: the body is not a JSON event' };
    const webhookId = settings.settings.webhookId;
    if (!webhookId) return { rejected: 'paypal webhook: no webhook id is configured' };

    const transmission: Record<string, string> = {};
    for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
      const value = headerOf(event.headers, header);
      if (!value) return { rejected: `paypal webhook: the ${header} header is missing` };
      transmission[field] = value;
    }
    // PayPal checks its signature against the event text as sent: splice it in unchanged when the
    // route kept it (`rawBody`), else re-serialise the parsed event.
    const eventText = rawBodyOf(event) ?? JSON.stringify(webhookEvent);
    const verificationBody = `${JSON.stringify({ ...transmission, webhook_id: webhookId }).slice(0, -1)},"webhook_event":${eventText}}`;
    const verification = await callPaypal(
      settings,
      http,
      'POST',
      '/v1/notifications/verify-webhook-signature',
      { body: verificationBody },
    );
    if (verification.status !== 200) {
      return { rejected: `paypal webhook: verification answered ${verification.status}` };
    }
    if (verification.body?.verification_status !== 'SUCCESS') {
      return { rejected: 'paypal webhook: the signature did not verify' };
    }

    const resource = asObject(webhookEvent.resource);
    if (!resource) return { rejected: 'paypal webhook: the event has no resource' };
    if (customIdOf(resource) !== order.reference) {
      return { rejected: 'paypal webhook: the event names another order' };
    }

    const eventType = webhookEvent.event_type;
    if (eventType === 'CHECKOUT.ORDER.APPROVED') {
      const orderId = typeof resource.id === 'string' ? resource.id : null;
      const mismatch = checkOrderId(orderId, order);
      if (mismatch) return mismatch;
      return settleOrder(orderId!, order, settings, http, false);
    }
    if (
      eventType === 'PAYMENT.CAPTURE.COMPLETED' ||
      eventType === 'PAYMENT.CAPTURE.DENIED' ||
      eventType === 'PAYMENT.CAPTURE.DECLINED'
    ) {
      const relatedIds = asObject(asObject(resource.supplementary_data)?.related_ids);
      const orderId = typeof relatedIds?.order_id === 'string' ? relatedIds.order_id : null;
      const mismatch = checkOrderId(orderId, order);
      if (mismatch) return mismatch;
      if (eventType === 'PAYMENT.CAPTURE.COMPLETED') {
        return resource.status === 'COMPLETED' ? paidFromCapture(resource) : { status: 'pending' };
      }
      return failed(typeof resource.id === 'string' ? resource.id : undefined);
    }
    return { status: 'pending' };
  },

  async queryStatus(order, settings, http, hint) {
    // The return carries PayPal's order id as `token`; it is only a lead, checked against the
    // order's reference once PayPal answers.
    const orderId = order.gatewayOrderId ?? (hint.token || null);
    if (!orderId) return { status: 'pending' };
    return settleOrder(orderId, order, settings, http, hint.status === 'cancelled');
  },
};

/** Reads a PayPal order and, when approved, captures it: the one path to a paid verdict. */
async function settleOrder(
  orderId: string,
  order: OrderForGateway,
  settings: GatewaySettings,
  http: GatewayHttp,
  cancelledByCustomer: boolean,
): Promise<GatewayVerdict> {
  const notYetPaid: GatewayVerdict = cancelledByCustomer ? cancelled() : { status: 'pending' };
  const found = await readOrder(orderId, settings, http);
  if (!found) return notYetPaid;
  if (customIdOf(found) !== order.reference) return { status: 'pending' };

  switch (found.status) {
    case 'COMPLETED':
      return verdictFromCaptures(found);
    case 'APPROVED':
      // An order we have closed (expired, cancelled, failed) is never charged.
      return order.isOpen ? captureOrder(orderId, order, settings, http) : { status: 'pending' };
    case 'VOIDED':
      return cancelled();
    default:
      return notYetPaid;
  }
}

async function captureOrder(
  orderId: string,
  order: OrderForGateway,
  settings: GatewaySettings,
  http: GatewayHttp,
): Promise<GatewayVerdict> {
  const answer = await callPaypal(
    settings,
    http,
    'POST',
    `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
    {
      body: '{}',
      headers: {
        'PayPal-Request-Id': `${order.reference}-capture`,
        Prefer: 'return=representation',
      },
    },
  );
  if ((answer.status === 201 || answer.status === 200) && answer.body) {
    return verdictFromCaptures(answer.body);
  }
  if (answer.status === 422) {
    const issue = issueOf(answer.body);
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      const again = await readOrder(orderId, settings, http);
      return again?.status === 'COMPLETED' && customIdOf(again) === order.reference
        ? verdictFromCaptures(again)
        : { status: 'pending' };
    }
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED') return failed();
    return { status: 'pending' };
  }
  if (answer.status === 404) return { status: 'pending' };
  throw unusable('capture', answer);
}

/** `GET /v2/checkout/orders/{id}`; null when PayPal does not know the order. */
async function readOrder(
  orderId: string,
  settings: GatewaySettings,
  http: GatewayHttp,
): Promise<JsonObject | null> {
  const answer = await callPaypal(
    settings,
    http,
    'GET',
    `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
    {},
  );
  if (answer.status === 404) return null;
  if (answer.status !== 200 || !answer.body) throw unusable('order lookup', answer);
  return answer.body;
}

function verdictFromCaptures(paypalOrder: JsonObject): GatewayVerdict {
  const unit = asObject(arrayOf(paypalOrder.purchase_units)[0]);
  const captures = arrayOf(asObject(unit?.payments)?.captures).map(asObject);
  const completed = captures.find((capture) => capture?.status === 'COMPLETED');
  if (completed) return paidFromCapture(completed);
  if (captures.some((capture) => capture?.status === 'PENDING')) return { status: 'pending' };
  const refused = captures.find(
    (capture) => capture?.status === 'DECLINED' || capture?.status === 'FAILED',
  );
  if (refused) return failed(typeof refused.id === 'string' ? refused.id : undefined);
  return { status: 'pending' };
}

function paidFromCapture(capture: JsonObject): GatewayVerdict {
  const amount = asObject(capture.amount);
  const currency = amount?.currency_code;
  const value = amount?.value;
  if (typeof capture.id !== 'string' || typeof currency !== 'string' || typeof value !== 'string') {
    throw new GatewayUnavailable('paypal capture: the answer names no amount or id');
  }
  let amountMinor: number;
  try {
    amountMinor = toMinor(value);
  } catch (error) {
    throw new GatewayUnavailable('paypal capture: the amount is not readable', { cause: error });
  }
  return { status: 'paid', amountMinor, currency, gatewayTransactionId: capture.id };
}

function failed(gatewayTransactionId?: string): GatewayVerdict {
  return {
    status: 'failed',
    message: orderMessages.gatewayFailure,
    ...(gatewayTransactionId ? { gatewayTransactionId } : {}),
  };
}

function cancelled(): GatewayVerdict {
  return { status: 'cancelled', message: orderMessages.paymentCancelled };
}

function checkOrderId(orderId: string | null, order: OrderForGateway): RejectedEvent | null {
  if (!orderId) return { rejected: 'paypal webhook: the event names no PayPal order' };
  if (order.gatewayOrderId && orderId !== order.gatewayOrderId) {
    return { rejected: 'paypal webhook: the event names another PayPal order' };
  }
  return null;
}

/** A call to PayPal's REST API with a bearer token; a token refused once is renewed once. */
async function callPaypal(
  settings: GatewaySettings,
  http: GatewayHttp,
  method: 'GET' | 'POST',
  path: string,
  init: { body?: string; headers?: Record<string, string> },
): Promise<PaypalAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    const token = await accessToken(settings, http);
    const response = await http(endpoint(settings.baseUrl, path), {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const answer = await readAnswer(response, `${method} ${path}`);
    if (answer.status === 401 && attempt === 1) {
      forgetToken(settings, token);
      continue;
    }
    if (answer.status === 429 || answer.status >= 500 || answer.status === 401) {
      throw unusable(`${method} ${path}`, answer);
    }
    return answer;
  }
}

function accessToken(settings: GatewaySettings, http: GatewayHttp): Promise<string> {
  return tokens.get(tokenKey(settings), () => requestToken(settings, http));
}

function forgetToken(settings: GatewaySettings, value: string): void {
  tokens.forget(tokenKey(settings), value);
}

async function requestToken(settings: GatewaySettings, http: GatewayHttp): Promise<GatewayToken> {
  const clientId = settings.credentials.clientId ?? '';
  const clientSecret = settings.credentials.clientSecret ?? '';
  const response = await http(endpoint(settings.baseUrl, '/v1/oauth2/token'), {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const answer = await readAnswer(response, 'token');
  if (answer.status === 429 || answer.status >= 500) throw unusable('token', answer);
  const value = answer.body?.access_token;
  const expiresIn = answer.body?.expires_in;
  if (answer.status !== 200 || typeof value !== 'string' || !value) {
    throw new CredentialsRejected(`paypal token: refused with ${answer.status}`);
  }
  const lifetimeMs = (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 300) * 1000;
  const keptMs = Math.max(lifetimeMs - TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2);
  return { value, expiresAt: Date.now() + keptMs };
}

function tokenKey(settings: GatewaySettings): string {
  return `${settings.baseUrl}\n${settings.credentials.clientId ?? ''}`;
}

async function readAnswer(response: Response, what: string): Promise<PaypalAnswer> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new GatewayUnavailable(`paypal ${what}: the answer was cut off`, { cause: error });
  }
  let body: JsonObject | null = null;
  try {
    body = asObject(JSON.parse(text));
  } catch {
    body = null;
  }
  return { status: response.status, body, debugId: response.headers.get('paypal-debug-id') };
}

function unusable(what: string, answer: PaypalAnswer): GatewayUnavailable {
  const debug = answer.debugId ? ` (debug id ${answer.debugId})` : '';
  return new GatewayUnavailable(`paypal ${what}: answered ${answer.status}${debug}`);
}

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function linkOf(body: JsonObject | null, rel: string): string | null {
  const link = arrayOf(body?.links)
    .map(asObject)
    .find((candidate) => candidate?.rel === rel);
  const href = link?.href;
  if (typeof href !== 'string') return null;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** `custom_id` of a capture, or of an order's first purchase unit. */
function customIdOf(resource: JsonObject | null): string | null {
  if (!resource) return null;
  const direct = resource.custom_id;
  if (typeof direct === 'string' && direct) return direct;
  const unit = asObject(arrayOf(resource.purchase_units)[0]);
  const nested = unit?.custom_id;
  return typeof nested === 'string' && nested ? nested : null;
}

function issueOf(body: JsonObject | null): string | null {
  const detail = asObject(arrayOf(body?.details)[0]);
  return typeof detail?.issue === 'string' ? detail.issue : null;
}

function headerOf(headers: InboundEvent['headers'], name: string): string | null {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && value) return value;
  }
  return null;
}

/** The webhook's body as received, when the inbound route kept it beside the parsed JSON. */
function rawBodyOf(event: InboundEvent): string | null {
  const raw: unknown = 'rawBody' in event ? event.rawBody : undefined;
  if (typeof raw !== 'string') return null;
  try {
    JSON.parse(raw);
    return raw;
  } catch {
    return null;
  }
}

function clip(text: string): string {
  return [...text].slice(0, PAYPAL_TEXT_LIMIT).join('');
}

function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : null;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
