import { PESAPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
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
 * Pesapal API 3.0 (payments.md "Pesapal API 3.0"): an order submitted with the id of a registered
 * IPN URL, the customer sent to its redirect_url. IPNs are not signed, so every verdict comes from
 * GetTransactionStatus, and only for a tracking id whose merchant reference is the order's.
 */

/** A token lasts five minutes (payments.md); renewed half a minute before that. */
const TOKEN_LIFETIME_MS = 5 * 60_000;
const TOKEN_RENEW_MARGIN_MS = 30_000;
const DESCRIPTION_LIMIT = 100;
/** GetTransactionStatus's answer for an order nobody has paid yet: pending, not failed. */
const NOT_PAID_YET = 'payment_details_not_found';

type JsonObject = Record<string, unknown>;
type PesapalAnswer = { status: number; body: JsonObject | null };

/** The consumer key and secret were refused: not an outage, but the order cannot go on either. */
class CredentialsRejected extends GatewayUnavailable {}

const tokens = new GatewayTokenCache();
/** IPN ids registered by this process, per (host, consumer key, IPN URL). */
const ipnIds = new Map<string, Promise<string>>();

export const pesapalGateway: PaymentGateway = {
  name: PESAPAL_GATEWAY,
  defaultBaseUrl: {
    test: 'https://cybqa.pesapal.com/pesapalv3',
    live: 'https://pay.pesapal.com/v3',
  },
  requiredCredentials: ['consumer_key', 'consumer_secret'],

  async startPayment(order, urls, settings, http) {
    try {
      const notificationId = await ipnIdFor(urls.notifyUrl, settings, http);
      const answer = await callPesapal(
        settings,
        http,
        'POST',
        '/api/Transactions/SubmitOrderRequest',
        {
          id: order.reference,
          currency: order.currency,
          amount: Number(formatMinor(order.amountMinor)),
          description: [...(order.description || order.reference)]
            .slice(0, DESCRIPTION_LIMIT)
            .join(''),
          callback_url: urls.returnUrl,
          cancellation_url: urls.cancelUrl,
          notification_id: notificationId,
          billing_address: {
            email_address: order.customer.email,
            phone_number: order.customer.phone ?? '',
            country_code: order.customer.countryCode ?? '',
            first_name: order.customer.firstName,
            last_name: order.customer.lastName,
          },
        },
      );
      const redirectUrl = answer.body?.redirect_url;
      const trackingId = answer.body?.order_tracking_id;
      if (
        errorCodeOf(answer.body) ||
        answer.status !== 200 ||
        typeof redirectUrl !== 'string' ||
        !isWebUrl(redirectUrl) ||
        typeof trackingId !== 'string' ||
        !trackingId
      ) {
        throw new AppError(502, orderMessages.gatewayUnavailable);
      }
      return { kind: 'redirect', url: redirectUrl, gatewayOrderId: trackingId };
    } catch (error) {
      if (error instanceof CredentialsRejected) {
        throw new AppError(502, orderMessages.gatewayUnavailable);
      }
      throw error;
    }
  },

  referenceOf(event) {
    return eventField(event, 'OrderMerchantReference');
  },

  async verifyEvent(event, order, settings, http) {
    const trackingId = eventField(event, 'OrderTrackingId');
    if (!trackingId) return { rejected: 'pesapal ipn: no OrderTrackingId' };
    if (order.gatewayOrderId && trackingId !== order.gatewayOrderId) {
      return { rejected: 'pesapal ipn: the tracking id is not the order’s' };
    }
    const reading = await readTransactionStatus(trackingId, order, settings, http);
    return 'rejected' in reading ? reading : reading.verdict;
  },

  async queryStatus(order, settings, http, hint) {
    const trackingId = order.gatewayOrderId ?? (hint.OrderTrackingId || null);
    if (!trackingId) return { status: 'pending' };
    const reading = await readTransactionStatus(trackingId, order, settings, http);
    if ('rejected' in reading) return { status: 'pending' };
    if (reading.verdict.status === 'pending' && hint.status === 'cancelled') {
      return { status: 'cancelled', message: orderMessages.paymentCancelled };
    }
    return reading.verdict;
  },
};

/** The JSON Pesapal expects in answer to an IPN; 500 asks it to notify again later. */
export function pesapalIpnAnswer(
  event: InboundEvent,
  status: 200 | 500,
): {
  orderNotificationType: string;
  orderTrackingId: string;
  orderMerchantReference: string;
  status: 200 | 500;
} {
  return {
    orderNotificationType: eventField(event, 'OrderNotificationType') ?? 'IPNCHANGE',
    orderTrackingId: eventField(event, 'OrderTrackingId') ?? '',
    orderMerchantReference: eventField(event, 'OrderMerchantReference') ?? '',
    status,
  };
}

/**
 * `GetTransactionStatus` read as a verdict. A verdict other than pending needs the answer to name
 * the order's own reference; an answer about another order is rejected.
 */
async function readTransactionStatus(
  trackingId: string,
  order: OrderForGateway,
  settings: GatewaySettings,
  http: GatewayHttp,
): Promise<{ verdict: GatewayVerdict } | RejectedEvent> {
  const answer = await callPesapal(
    settings,
    http,
    'GET',
    `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(trackingId)}`,
  );
  const body = answer.body;
  const reference = body?.merchant_reference;
  if (typeof reference === 'string' && reference && reference !== order.reference) {
    return { rejected: 'pesapal: the transaction belongs to another order' };
  }
  const statusCode = body?.status_code === null ? null : Number(body?.status_code ?? Number.NaN);
  const errorCode = errorCodeOf(body);

  if (statusCode === 1 || statusCode === 2 || statusCode === 3) {
    if (reference !== order.reference) {
      return { rejected: 'pesapal: the transaction names no merchant reference' };
    }
    if (statusCode !== 1) {
      return { verdict: failed(body) };
    }
    return { verdict: paid(body!) };
  }
  if (errorCode && errorCode !== NOT_PAID_YET) {
    return { rejected: `pesapal: the status query answered ${errorCode}` };
  }
  if (answer.status !== 200 && !errorCode) {
    throw new GatewayUnavailable(`pesapal status: answered ${answer.status}`);
  }
  return { verdict: { status: 'pending' } };
}

function paid(body: JsonObject): GatewayVerdict {
  const currency = body.currency;
  const amount = body.amount;
  if (typeof currency !== 'string' || (typeof amount !== 'number' && typeof amount !== 'string')) {
    throw new GatewayUnavailable('pesapal status: a completed payment names no amount');
  }
  let amountMinor: number;
  try {
    amountMinor = toMinor(amount);
  } catch (error) {
    throw new GatewayUnavailable('pesapal status: the amount is not readable', { cause: error });
  }
  const confirmation = body.confirmation_code;
  return {
    status: 'paid',
    amountMinor,
    currency,
    ...(typeof confirmation === 'string' && confirmation
      ? { gatewayTransactionId: confirmation }
      : {}),
  };
}

function failed(body: JsonObject | null): GatewayVerdict {
  const confirmation = body?.confirmation_code;
  return {
    status: 'failed',
    message: orderMessages.gatewayFailure,
    ...(typeof confirmation === 'string' && confirmation
      ? { gatewayTransactionId: confirmation }
      : {}),
  };
}

/** settings.ipnId, else this notify URL registered once (per process) for GET notifications. */
async function ipnIdFor(
  url: string,
  settings: GatewaySettings,
  http: GatewayHttp,
): Promise<string> {
  const configured = settings.settings.ipnId;
  if (configured) return configured;
  const key = `${settings.baseUrl}\n${settings.credentials.consumer_key ?? ''}\n${url}`;
  const known = ipnIds.get(key);
  if (known) return known;
  const pending = registerIpn(url, settings, http);
  ipnIds.set(key, pending);
  try {
    return await pending;
  } catch (error) {
    if (ipnIds.get(key) === pending) ipnIds.delete(key);
    throw error;
  }
}

async function registerIpn(
  url: string,
  settings: GatewaySettings,
  http: GatewayHttp,
): Promise<string> {
  const answer = await callPesapal(settings, http, 'POST', '/api/URLSetup/RegisterIPN', {
    url,
    ipn_notification_type: 'GET',
  });
  const ipnId = answer.body?.ipn_id;
  if (errorCodeOf(answer.body) || typeof ipnId !== 'string' || !ipnId) {
    throw new AppError(502, orderMessages.gatewayUnavailable);
  }
  return ipnId;
}

/** A call with a bearer token; a token refused once is renewed once. */
async function callPesapal(
  settings: GatewaySettings,
  http: GatewayHttp,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<PesapalAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    const token = await accessToken(settings, http);
    const response = await http(endpoint(settings.baseUrl, path), {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const answer = await readAnswer(response, path);
    if (answer.status === 401 && attempt === 1) {
      forgetToken(settings, token);
      continue;
    }
    // Pesapal reports its refusals as an `error` object, at times with a 5xx status; only a
    // failure that says nothing is an outage.
    if ((answer.status >= 500 || answer.status === 429) && !errorCodeOf(answer.body)) {
      throw new GatewayUnavailable(`pesapal ${path.split('?')[0]}: answered ${answer.status}`);
    }
    if (answer.status === 401) {
      throw new GatewayUnavailable(`pesapal ${path.split('?')[0]}: the token was refused`);
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
  const requestedAt = Date.now();
  const response = await http(endpoint(settings.baseUrl, '/api/Auth/RequestToken'), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      consumer_key: settings.credentials.consumer_key ?? '',
      consumer_secret: settings.credentials.consumer_secret ?? '',
    }),
  });
  const answer = await readAnswer(response, 'token');
  const value = answer.body?.token;
  if (typeof value === 'string' && value && !errorCodeOf(answer.body) && answer.status === 200) {
    return { value, expiresAt: tokenExpiry(answer.body?.expiryDate, requestedAt) };
  }
  if ((answer.status >= 500 || answer.status === 429) && !errorCodeOf(answer.body)) {
    throw new GatewayUnavailable(`pesapal token: answered ${answer.status}`);
  }
  throw new CredentialsRejected(
    `pesapal token: refused (${errorCodeOf(answer.body) ?? answer.status})`,
  );
}

/**
 * Five minutes from the request, or Pesapal's expiryDate when that is sooner and still ahead of
 * our clock (a skewed or zone-less date must not shorten the cache to nothing), less a margin.
 */
function tokenExpiry(expiryDate: unknown, requestedAt: number): number {
  let lifetime = TOKEN_LIFETIME_MS;
  const stated = typeof expiryDate === 'string' ? Date.parse(expiryDate) : Number.NaN;
  if (Number.isFinite(stated) && stated > requestedAt) {
    lifetime = Math.min(lifetime, stated - requestedAt);
  }
  return requestedAt + Math.max(lifetime - TOKEN_RENEW_MARGIN_MS, lifetime / 2);
}

function tokenKey(settings: GatewaySettings): string {
  return `${settings.baseUrl}\n${settings.credentials.consumer_key ?? ''}`;
}

async function readAnswer(response: Response, what: string): Promise<PesapalAnswer> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new GatewayUnavailable(`pesapal ${what.split('?')[0]}: the answer was cut off`, {
      cause: error,
    });
  }
  let body: JsonObject | null = null;
  try {
    body = asObject(JSON.parse(text));
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/**
 * The code of a real error. Pesapal sends an `error` object on success too, with every field
 * null, so only a filled one counts.
 */
function errorCodeOf(body: JsonObject | null): string | null {
  const error = asObject(body?.error);
  if (!error) return null;
  for (const field of ['code', 'error_type', 'message']) {
    const value = error[field];
    if (typeof value === 'string' && value) return field === 'code' ? value : 'error';
  }
  return null;
}

/** A field of an IPN or return: query, form fields or a JSON body, any letter case. */
function eventField(event: InboundEvent, name: string): string | null {
  const wanted = name.toLowerCase();
  const sources: [string, unknown][][] = [
    Object.entries(event.query),
    event.fields,
    Object.entries(asObject(event.json) ?? {}),
  ];
  for (const entries of sources) {
    for (const [key, value] of entries) {
      if (key.toLowerCase() === wanted && typeof value === 'string' && value) return value;
    }
  }
  return null;
}

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : null;
}
