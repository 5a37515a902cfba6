import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Pesapal API 3.0 (payments.md "Pesapal API 3.0"): five-minute bearer
 * tokens, IPN registration, SubmitOrderRequest and GetTransactionStatus, with Pesapal's habits: an
 * `error` object whose fields are all null on success, a filled one (with `status: "500"` in the
 * body) on a refusal, and `payment_details_not_found` for an order nobody has paid yet. It records
 * every request and can be told to fail, drop the connection or answer slowly.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
};

/** An answer forced on the next matching request, or `drop` (the connection is cut). */
export type ForcedAnswer = { status: number; body?: unknown; delayMs?: number } | 'drop';

/** Where a submitted order stands at Pesapal. */
export type PesapalPaymentState = 'unpaid' | 'completed' | 'failed' | 'reversed' | 'invalid';

export type FakePesapalOrder = {
  trackingId: string;
  merchantReference: string;
  currency: string;
  amount: number;
  description: string;
  callbackUrl: string;
  cancellationUrl: string;
  notificationId: string;
  billingAddress: Record<string, unknown>;
  state: PesapalPaymentState;
  /** What the status answer says was paid, when a test wants it to differ from the order. */
  paid: { amount: number; currency: string } | null;
  confirmationCode: string;
};

export type FakePesapalIpn = { ipnId: string; url: string; type: 'GET' | 'POST' };

export type FakePesapal = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  requests: RecordedRequest[];
  requestsTo: (method: string, path: string | RegExp) => RecordedRequest[];
  ipns: FakePesapalIpn[];
  /** Submitted orders by tracking id. */
  orders: Map<string, FakePesapalOrder>;
  /** The customer pays (or the payment fails or is reversed) at Pesapal. */
  setPaymentState: (
    trackingId: string,
    state: PesapalPaymentState,
    paid?: { amount: number; currency: string },
  ) => void;
  /** Every token issued so far stops working. */
  revokeTokens: () => void;
  answerNext: (method: string, path: string | RegExp, answer: ForcedAnswer) => void;
  setDelay: (milliseconds: number) => void;
  /** The query string of a GET IPN Pesapal would send about this order. */
  ipnQuery: (trackingId: string) => Record<string, string>;
  stop: () => Promise<void>;
};

const TOKEN_LIFETIME_MS = 5 * 60_000;
const BASE_PATH = '/pesapalv3';

export async function startFakePesapal(): Promise<FakePesapal> {
  const consumerKey = `key-${randomBytes(8).toString('hex')}`;
  const consumerSecret = `secret-${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const ipns: FakePesapalIpn[] = [];
  const orders = new Map<string, FakePesapalOrder>();
  const tokens = new Map<string, number>();
  const forced: { method: string; path: string | RegExp; answer: ForcedAnswer }[] = [];
  let delayMs = 0;
  let baseUrl = '';

  const pathMatches = (pattern: string | RegExp, path: string) =>
    typeof pattern === 'string' ? pattern.toLowerCase() === path.toLowerCase() : pattern.test(path);

  const send = (response: ServerResponse, status: number, body: unknown, wait: number) => {
    const write = () => {
      if (response.destroyed) return;
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (wait > 0) setTimeout(write, wait).unref();
    else write();
  };

  const refusal = (code: string, message: string, errorType = 'api_error') => ({
    status: 200,
    body: { error: { error_type: errorType, code, message }, status: '500' },
  });
  const noError = { error_type: null, code: null, message: null };

  const submitOrder = (json: JsonObject): { status: number; body: unknown } => {
    const billing = asObject(json.billing_address);
    const amount = json.amount;
    const id = json.id;
    if (typeof id !== 'string' || !id || id.length > 50) {
      return refusal(
        'invalid_merchant_reference',
        'id is required (50 characters at most)',
        'validation_error',
      );
    }
    if (typeof json.currency !== 'string' || !/^[A-Z]{3}$/.test(json.currency)) {
      return refusal('invalid_currency', 'currency must be an ISO code', 'validation_error');
    }
    if (typeof amount !== 'number' || amount <= 0 || Number(amount.toFixed(2)) !== amount) {
      return refusal('invalid_amount', 'amount must be a positive number', 'validation_error');
    }
    if (
      typeof json.description !== 'string' ||
      !json.description ||
      json.description.length > 100
    ) {
      return refusal(
        'invalid_description',
        'description is required (100 characters at most)',
        'validation_error',
      );
    }
    if (typeof json.callback_url !== 'string' || !json.callback_url) {
      return refusal('invalid_callback_url', 'callback_url is required', 'validation_error');
    }
    if (!ipns.some((ipn) => ipn.ipnId === json.notification_id)) {
      return refusal(
        'invalid_notification_id',
        'notification_id is not a registered IPN',
        'validation_error',
      );
    }
    if (!billing || (!billing.email_address && !billing.phone_number)) {
      return refusal(
        'invalid_billing_address',
        'an email address or a phone number is required',
        'validation_error',
      );
    }
    const trackingId = randomUUID();
    orders.set(trackingId, {
      trackingId,
      merchantReference: id,
      currency: json.currency,
      amount,
      description: json.description,
      callbackUrl: json.callback_url,
      cancellationUrl: typeof json.cancellation_url === 'string' ? json.cancellation_url : '',
      notificationId: String(json.notification_id),
      billingAddress: billing,
      state: 'unpaid',
      paid: null,
      confirmationCode: randomBytes(5).toString('hex').toUpperCase(),
    });
    return {
      status: 200,
      body: {
        order_tracking_id: trackingId,
        merchant_reference: id,
        redirect_url: `${baseUrl}/iframe/PesapalIframe3/Index?OrderTrackingId=${trackingId}`,
        error: null,
        status: '200',
      },
    };
  };

  const transactionStatus = (trackingId: string): { status: number; body: unknown } => {
    const order = orders.get(trackingId);
    if (!order) return refusal('invalid_order_tracking_id', 'Invalid OrderTrackingId');
    const common = {
      created_date: new Date().toISOString(),
      call_back_url: `${order.callbackUrl}?OrderTrackingId=${order.trackingId}&OrderMerchantReference=${order.merchantReference}`,
      merchant_reference: order.merchantReference,
      amount: order.paid?.amount ?? order.amount,
      currency: order.paid?.currency ?? order.currency,
    };
    if (order.state === 'unpaid') {
      return {
        status: 200,
        body: {
          ...common,
          payment_method: '',
          confirmation_code: '',
          payment_status_description: '',
          description: '',
          message: 'Request processed successfully',
          payment_account: '',
          status_code: 0,
          payment_status_code: '',
          error: {
            error_type: 'api_error',
            code: 'payment_details_not_found',
            message: 'Pending Payment',
            call_back_url: common.call_back_url,
          },
          status: '500',
        },
      };
    }
    const codes = {
      invalid: [0, 'INVALID'],
      completed: [1, 'Completed'],
      failed: [2, 'Failed'],
      reversed: [3, 'Reversed'],
    } as const;
    const [statusCode, description] = codes[order.state];
    return {
      status: 200,
      body: {
        ...common,
        payment_method: 'Visa',
        confirmation_code: statusCode === 1 || statusCode === 3 ? order.confirmationCode : '',
        payment_status_description: description,
        description: statusCode === 2 ? 'Unable to Authorize Transaction.' : '',
        message: 'Request processed successfully',
        payment_account: '476173**0010',
        status_code: statusCode,
        payment_status_code: '',
        error: { ...noError, call_back_url: null },
        status: '200',
      },
    };
  };

  const route = (
    method: string,
    path: string,
    query: Record<string, string>,
    headers: IncomingHttpHeaders,
    json: unknown,
  ): { status: number; body: unknown } => {
    const object = asObject(json) ?? {};
    if (method === 'POST' && path === '/api/Auth/RequestToken') {
      if (object.consumer_key !== consumerKey || object.consumer_secret !== consumerSecret) {
        return refusal(
          'invalid_consumer_key_or_secret_provided',
          'Invalid consumer_key or consumer_secret provided',
        );
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = Date.now() + TOKEN_LIFETIME_MS;
      tokens.set(token, expiresAt);
      return {
        status: 200,
        body: {
          token,
          expiryDate: new Date(expiresAt).toISOString().replace('Z', '0000Z'),
          error: null,
          status: '200',
          message: 'Request processed successfully',
        },
      };
    }
    const bearer = headers.authorization?.replace(/^Bearer /, '') ?? '';
    const expiresAt = tokens.get(bearer);
    if (!expiresAt || expiresAt <= Date.now()) return { status: 401, body: undefined };

    if (method === 'POST' && path === '/api/URLSetup/RegisterIPN') {
      const type = object.ipn_notification_type;
      if (
        typeof object.url !== 'string' ||
        !/^https?:\/\//.test(object.url) ||
        (type !== 'GET' && type !== 'POST')
      ) {
        return refusal(
          'invalid_ipn_url',
          'A valid url and ipn_notification_type are required',
          'validation_error',
        );
      }
      const ipn: FakePesapalIpn = { ipnId: randomUUID(), url: object.url, type };
      ipns.push(ipn);
      return {
        status: 200,
        body: {
          url: ipn.url,
          created_date: new Date().toISOString(),
          ipn_id: ipn.ipnId,
          notification_type: type === 'GET' ? 0 : 1,
          ipn_notification_type_description: type,
          ipn_status: 1,
          ipn_status_decription: 'Active',
          error: null,
          status: '200',
        },
      };
    }
    if (method === 'POST' && path === '/api/Transactions/SubmitOrderRequest')
      return submitOrder(object);
    if (method === 'GET' && path === '/api/Transactions/GetTransactionStatus') {
      return transactionStatus(query.orderTrackingId ?? '');
    }
    return {
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' }, status: '404' },
    };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      // Pesapal's hosts serve the API under a path, as this fake does under /pesapalv3.
      const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : '';
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const method = request.method ?? 'GET';
      const query = Object.fromEntries(url.searchParams);
      requests.push({ method, path, query, headers: request.headers, body, json });
      const index = forced.findIndex(
        (entry) => entry.method === method && pathMatches(entry.path, path),
      );
      if (index >= 0) {
        const { answer } = forced.splice(index, 1)[0]!;
        if (answer === 'drop') {
          request.socket.destroy();
          return;
        }
        send(response, answer.status, answer.body, answer.delayMs ?? delayMs);
        return;
      }
      const answer = route(method, path, query, request.headers, json);
      send(response, answer.status, answer.body, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE_PATH}`;

  const findOrder = (trackingId: string) => {
    const order = orders.get(trackingId);
    if (!order) throw new Error(`fake Pesapal knows no order ${trackingId}`);
    return order;
  };

  return {
    baseUrl,
    consumerKey,
    consumerSecret,
    requests,
    requestsTo: (method, path) =>
      requests.filter((entry) => entry.method === method && pathMatches(path, entry.path)),
    ipns,
    orders,
    setPaymentState: (trackingId, state, paid) => {
      const order = findOrder(trackingId);
      order.state = state;
      order.paid = paid ?? null;
    },
    revokeTokens: () => tokens.clear(),
    answerNext: (method, path, answer) => {
      forced.push({ method, path, answer });
    },
    setDelay: (milliseconds) => {
      delayMs = milliseconds;
    },
    ipnQuery: (trackingId) => {
      const order = findOrder(trackingId);
      return {
        OrderTrackingId: order.trackingId,
        OrderMerchantReference: order.merchantReference,
        OrderNotificationType: 'IPNCHANGE',
      };
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type JsonObject = Record<string, unknown>;

function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : null;
}
