import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PayPal's REST API (Orders v2, OAuth client credentials, webhook signature
 * verification), answering as payments.md describes: tokens that expire, idempotent order creation
 * by PayPal-Request-Id, approval by the payer, captures that complete, wait or are declined, and
 * webhooks that verify only when they are the events this fake signed. It records every request
 * and can be told to fail, drop the connection or answer slowly.
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

type Money = { currency_code: string; value: string };
type JsonObject = Record<string, unknown>;

export type FakePaypalCapture = {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  amount: Money;
};

export type FakePaypalOrder = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: Money;
  customId: string;
  invoiceId: string;
  referenceId: string;
  requestBody: Record<string, unknown>;
  captures: FakePaypalCapture[];
};

export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'INSTRUMENT_DECLINED';

export type SignedWebhook = { headers: Record<string, string>; body: string; json: unknown };

export type FakePaypal = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: RecordedRequest[];
  /** The requests whose method and path (without query) match. */
  requestsTo: (method: string, path: string | RegExp) => RecordedRequest[];
  orders: Map<string, FakePaypalOrder>;
  /** The payer approves the order at PayPal. */
  approve: (orderId: string) => void;
  /** What the next captures do (COMPLETED unless told otherwise). */
  setCaptureOutcome: (outcome: CaptureOutcome) => void;
  /** Lifetime of the tokens issued from now on (32400 s as PayPal's, unless told otherwise). */
  setTokenLifetime: (seconds: number) => void;
  /** Every token issued so far stops working (as after a credential rotation). */
  revokeTokens: () => void;
  /** Answers the next request matching method and path with `answer` instead. */
  answerNext: (method: string, path: string | RegExp, answer: ForcedAnswer) => void;
  /** Every answer waits this long (0 by default). */
  setDelay: (milliseconds: number) => void;
  /** A webhook event as PayPal would post it, with transmission headers this fake will verify. */
  signWebhook: (event: Record<string, unknown>) => SignedWebhook;
  /** The event PayPal sends when the payer approves, or when a capture completes or is declined. */
  orderApprovedEvent: (orderId: string) => Record<string, unknown>;
  captureEvent: (
    orderId: string,
    eventType: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED',
  ) => Record<string, unknown>;
  stop: () => Promise<void>;
};

export async function startFakePaypal(): Promise<FakePaypal> {
  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
  const webhookId = `WH-${randomBytes(8).toString('hex').toUpperCase()}`;
  const signingKey = randomBytes(32);
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, FakePaypalOrder>();
  const tokens = new Map<string, number>();
  const createReplays = new Map<string, { status: number; body: unknown }>();
  const captureReplays = new Map<string, { status: number; body: unknown }>();
  const forced: { method: string; path: string | RegExp; answer: ForcedAnswer }[] = [];
  let captureOutcome: CaptureOutcome = 'COMPLETED';
  let tokenLifetime = 32_400;
  let delayMs = 0;
  let baseUrl = '';

  const pathMatches = (pattern: string | RegExp, path: string) =>
    typeof pattern === 'string' ? pattern === path : pattern.test(path);

  const send = (response: ServerResponse, status: number, body: unknown, wait: number) => {
    const write = () => {
      if (response.destroyed) return;
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Paypal-Debug-Id': randomBytes(6).toString('hex'),
      });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (wait > 0) setTimeout(write, wait).unref();
    else write();
  };

  const issue = (status: number, name: string, issueName: string) => ({
    status,
    body: { name, message: name, details: [{ issue: issueName, description: issueName }] },
  });

  const orderRepresentation = (order: FakePaypalOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: order.amount,
        custom_id: order.customId,
        invoice_id: order.invoiceId,
        ...(order.captures.length > 0
          ? {
              payments: {
                captures: order.captures.map((capture) => captureRepresentation(order, capture)),
              },
            }
          : {}),
      },
    ],
    links: [{ href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
  });

  const captureRepresentation = (order: FakePaypalOrder, capture: FakePaypalCapture) => ({
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    custom_id: order.customId,
    invoice_id: order.invoiceId,
    final_capture: true,
    supplementary_data: { related_ids: { order_id: order.id } },
  });

  const createOrder = (json: JsonObject): { status: number; body: unknown } => {
    const units = Array.isArray(json.purchase_units) ? json.purchase_units : [];
    const unit = asObject(units[0]);
    if (json.intent !== 'CAPTURE' || units.length !== 1 || !unit) {
      return issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    }
    const amount = moneyOf(unit.amount);
    if (!amount || !/^\d+(\.\d{2})?$/.test(amount.value)) {
      return issue(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    }
    const breakdown = asObject(asObject(unit.amount)?.breakdown);
    if (breakdown) {
      const expected =
        cents(moneyOf(breakdown.item_total)) +
        cents(moneyOf(breakdown.tax_total)) -
        cents(moneyOf(breakdown.discount));
      if (expected !== cents(amount)) return issue(422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MISMATCH');
    }
    if (Array.isArray(unit.items)) {
      const itemsTotal = unit.items
        .map(asObject)
        .reduce(
          (sum, item) => sum + cents(moneyOf(item?.unit_amount)) * Number(item?.quantity ?? 0),
          0,
        );
      const itemTotal = moneyOf(breakdown?.item_total);
      if (!itemTotal || itemsTotal !== cents(itemTotal)) {
        return issue(422, 'UNPROCESSABLE_ENTITY', 'ITEM_TOTAL_MISMATCH');
      }
    }
    const context = asObject(asObject(asObject(json.payment_source)?.paypal)?.experience_context);
    if (
      context &&
      (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string')
    ) {
      return issue(422, 'UNPROCESSABLE_ENTITY', 'MISSING_RETURN_URL');
    }
    const id = randomBytes(9).toString('hex').toUpperCase();
    const order: FakePaypalOrder = {
      id,
      status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      amount,
      customId: String(unit.custom_id ?? ''),
      invoiceId: String(unit.invoice_id ?? ''),
      referenceId: String(unit.reference_id ?? 'default'),
      requestBody: json,
      captures: [],
    };
    orders.set(id, order);
    const payerLink = {
      href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
      rel: context ? 'payer-action' : 'approve',
      method: 'GET',
    };
    return {
      status: 201,
      body: {
        id,
        status: order.status,
        links: [
          { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          payerLink,
        ],
      },
    };
  };

  const captureOrder = (order: FakePaypalOrder): { status: number; body: unknown } => {
    if (order.status === 'COMPLETED')
      return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED')
      return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    if (captureOutcome === 'INSTRUMENT_DECLINED') {
      return issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    }
    order.captures.push({
      id: randomBytes(8).toString('hex').toUpperCase(),
      status: captureOutcome,
      amount: order.amount,
    });
    order.status = 'COMPLETED';
    return { status: 201, body: orderRepresentation(order) };
  };

  const transmissionSignature = (transmissionId: string, time: string, eventText: string) =>
    createHmac('sha256', signingKey)
      .update(
        `${transmissionId}|${time}|${webhookId}|${createHash('sha256').update(eventText).digest('hex')}`,
      )
      .digest('base64');

  const verifyWebhook = (json: JsonObject): { status: number; body: unknown } => {
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (
      fields.some((field) => typeof json[field] !== 'string') ||
      typeof json.webhook_event !== 'object'
    ) {
      return issue(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    }
    const expected = transmissionSignature(
      String(json.transmission_id),
      String(json.transmission_time),
      JSON.stringify(json.webhook_event),
    );
    const verified = json.webhook_id === webhookId && json.transmission_sig === expected;
    return { status: 200, body: { verification_status: verified ? 'SUCCESS' : 'FAILURE' } };
  };

  const route = (
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: string,
    json: unknown,
  ): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (headers.authorization !== expected) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.set(token, Date.now() + tokenLifetime * 1000);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: tokenLifetime,
          nonce: randomUUID(),
        },
      };
    }

    const bearer = headers.authorization?.replace(/^Bearer /, '') ?? '';
    const expiresAt = tokens.get(bearer);
    if (!expiresAt || expiresAt <= Date.now()) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    const object = asObject(json) ?? {};

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const requestId = headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? requestId : null;
      const replay = key ? createReplays.get(key) : undefined;
      if (replay) return replay;
      const answer = createOrder(object);
      if (key && answer.status === 201) createReplays.set(key, answer);
      return answer;
    }
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1]!));
      if (!order) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !orderPath[2])
        return { status: 200, body: orderRepresentation(order) };
      if (method === 'POST' && orderPath[2]) {
        const requestId = headers['paypal-request-id'];
        const key = typeof requestId === 'string' ? `${order.id}\n${requestId}` : null;
        const replay = key ? captureReplays.get(key) : undefined;
        if (replay) return replay;
        const answer = captureOrder(order);
        if (key) captureReplays.set(key, answer);
        return answer;
      }
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return verifyWebhook(object);
    }
    return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const method = request.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body,
        json,
      });
      const index = forced.findIndex(
        (entry) => entry.method === method && pathMatches(entry.path, url.pathname),
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
      const answer = route(method, url.pathname, request.headers, body, json);
      send(response, answer.status, answer.body, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const findOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal knows no order ${orderId}`);
    return order;
  };

  return {
    baseUrl,
    clientId,
    clientSecret,
    webhookId,
    requests,
    requestsTo: (method, path) =>
      requests.filter((entry) => entry.method === method && pathMatches(path, entry.path)),
    orders,
    approve: (orderId) => {
      const order = findOrder(orderId);
      if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') {
        throw new Error(`fake PayPal: order ${orderId} is ${order.status}, not awaiting the payer`);
      }
      order.status = 'APPROVED';
    },
    setCaptureOutcome: (outcome) => {
      captureOutcome = outcome;
    },
    setTokenLifetime: (seconds) => {
      tokenLifetime = seconds;
    },
    revokeTokens: () => tokens.clear(),
    answerNext: (method, path, answer) => {
      forced.push({ method, path, answer });
    },
    setDelay: (milliseconds) => {
      delayMs = milliseconds;
    },
    signWebhook: (event) => {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const body = JSON.stringify(event);
      return {
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-fake`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': transmissionSignature(transmissionId, time, body),
          'paypal-transmission-time': time,
          'content-type': 'application/json',
        },
        body,
        json: JSON.parse(body) as unknown,
      };
    },
    orderApprovedEvent: (orderId) => {
      const order = findOrder(orderId);
      return {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'checkout-order',
        resource_version: '2.0',
        event_type: 'CHECKOUT.ORDER.APPROVED',
        summary: 'An order has been approved by buyer',
        resource: orderRepresentation(order),
      };
    },
    captureEvent: (orderId, eventType) => {
      const order = findOrder(orderId);
      const capture = order.captures.at(-1);
      if (!capture) throw new Error(`fake PayPal: order ${orderId} has no capture`);
      return {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        resource_version: '2.0',
        event_type: eventType,
        summary: eventType === 'PAYMENT.CAPTURE.COMPLETED' ? 'Payment completed' : 'Payment denied',
        resource: captureRepresentation(order, capture),
      };
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : null;
}

function moneyOf(value: unknown): Money | null {
  const money = asObject(value);
  return typeof money?.currency_code === 'string' && typeof money.value === 'string'
    ? { currency_code: money.currency_code, value: money.value }
    : null;
}

function cents(money: Money | null): number {
  return money ? Math.round(Number(money.value) * 100) : 0;
}
