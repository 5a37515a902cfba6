import { createHash } from 'node:crypto';
import { OZOW_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import { AppError } from '../../errors';
import { safeEqual } from '../../lib/tokens';
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

const OPTIONAL_FIELDS = ['Optional1', 'Optional2', 'Optional3', 'Optional4', 'Optional5'] as const;

/** The payment request's fields in HashCheck order (payments.md). */
export const OZOW_REQUEST_FIELDS = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  ...OPTIONAL_FIELDS,
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
] as const;

/** The redirect's and the notification's fields in Hash order (Hash itself excluded). */
export const OZOW_RESPONSE_FIELDS = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  ...OPTIONAL_FIELDS,
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
] as const;

export const OZOW_DEFAULT_API_BASE_URL = 'https://api.ozow.com';
const OZOW_CURRENCY = 'ZAR';
const TRANSACTION_REFERENCE_MAX_LENGTH = 50;
const BANK_REFERENCE = 'VM Purchase';

const VERDICT_OF: Record<string, GatewayVerdict['status']> = {
  complete: 'paid',
  cancelled: 'cancelled',
  error: 'failed',
  abandoned: 'failed',
  pending: 'pending',
  pendinginvestigation: 'pending',
};

/** Ozow's hash: the values concatenated, the private key appended, lower-cased, SHA-512 in hex. */
export function ozowHash(values: readonly string[], privateKey: string): string {
  return createHash('sha512')
    .update((values.join('') + privateKey).toLowerCase(), 'utf8')
    .digest('hex');
}

/** HashCheck of a payment request: the fields present, in request order. */
export function ozowRequestHash(fields: Record<string, string>, privateKey: string): string {
  const values = OZOW_REQUEST_FIELDS.filter((name) => name in fields).map((name) => fields[name]!);
  return ozowHash(values, privateKey);
}

function parseMinor(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return toMinor(value);
  } catch {
    return null;
  }
}

function verdictOf(status: string | undefined): GatewayVerdict['status'] | undefined {
  return VERDICT_OF[(status ?? '').toLowerCase()];
}

function messageOf(status: GatewayVerdict['status']): string | undefined {
  if (status === 'failed') return orderMessages.gatewayFailure;
  if (status === 'cancelled') return orderMessages.paymentCancelled;
  return undefined;
}

/**
 * The readings of a response's values the Hash may have been made over: as received, and as the
 * spec reads a return (Amount written with 2 decimals, a `+` taken for the space a query string
 * encodes it as). Either reading still needs the private key to forge.
 */
function hashReadings(fields: Record<string, string>): string[][] {
  const asReceived = OZOW_RESPONSE_FIELDS.map((name) => fields[name] ?? '');
  const amountMinor = parseMinor(fields.Amount);
  const asSpecReads = OZOW_RESPONSE_FIELDS.map((name) =>
    name === 'Amount' && amountMinor !== null
      ? formatMinor(amountMinor)
      : (fields[name] ?? '').replaceAll('+', ' '),
  );
  return [asReceived, asSpecReads];
}

/** Checks a redirect's or a notification's fields (Hash, site, order, amount) and reads them. */
function verifyResponse(
  fields: Record<string, string>,
  order: OrderForGateway,
  settings: GatewaySettings,
): GatewayVerdict | RejectedEvent {
  const privateKey = settings.credentials.privateKey;
  const siteCode = settings.settings.siteCode;
  if (!privateKey || !siteCode) return { rejected: 'Ozow site not configured' };

  const received = fields.Hash?.trim().toLowerCase();
  if (!received) return { rejected: 'hash missing' };
  const matches = hashReadings(fields).some((values) =>
    safeEqual(received, ozowHash(values, privateKey)),
  );
  if (!matches) return { rejected: 'hash mismatch' };

  if ((fields.SiteCode ?? '').toLowerCase() !== siteCode.toLowerCase()) {
    return { rejected: 'site mismatch' };
  }
  if (fields.TransactionReference !== order.reference) return { rejected: 'reference mismatch' };
  const amountMinor = parseMinor(fields.Amount);
  if (amountMinor === null) return { rejected: 'amount missing or malformed' };
  if (amountMinor !== order.amountMinor) return { rejected: 'amount mismatch' };
  const currency = (fields.CurrencyCode || OZOW_CURRENCY).toUpperCase();
  if (currency !== OZOW_CURRENCY) return { rejected: 'currency mismatch' };
  // A test payment moves no money: it must never complete an order of a live site.
  if (!settings.isTest && fields.IsTest?.toLowerCase() === 'true') {
    return { rejected: 'test transaction on a live site' };
  }

  const status = verdictOf(fields.Status) ?? 'pending';
  return {
    status,
    amountMinor,
    currency,
    gatewayTransactionId: fields.TransactionId || undefined,
    message: messageOf(status),
  };
}

function fieldsOf(event: InboundEvent): Record<string, string> {
  if (event.fields.length > 0) return Object.fromEntries(event.fields);
  if (event.json && typeof event.json === 'object' && !Array.isArray(event.json)) {
    return Object.fromEntries(
      Object.entries(event.json).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  return event.query;
}

/** A transaction as GetTransactionByReference lists it (camelCase; PascalCase read too). */
type OzowTransaction = Record<string, unknown>;

function valueOf(transaction: OzowTransaction, name: string): unknown {
  return transaction[name] ?? transaction[name.charAt(0).toUpperCase() + name.slice(1)];
}

function textOf(transaction: OzowTransaction, name: string): string | undefined {
  const value = valueOf(transaction, name);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function timeOf(transaction: OzowTransaction): number {
  const time = Date.parse(textOf(transaction, 'createdDate') ?? '');
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

async function queryByReference(
  order: OrderForGateway,
  settings: GatewaySettings,
  http: GatewayHttp,
  apiKey: string,
): Promise<GatewayVerdict> {
  const siteCode = settings.settings.siteCode;
  if (!siteCode) return { status: 'pending' };
  const apiBaseUrl = (settings.settings.apiBaseUrl || OZOW_DEFAULT_API_BASE_URL).replace(
    /\/+$/,
    '',
  );
  const query = new URLSearchParams({ siteCode, transactionReference: order.reference });
  const response = await http(`${apiBaseUrl}/GetTransactionByReference?${query}`, {
    headers: { ApiKey: apiKey, Accept: 'application/json' },
  });
  // Ozow answers 404 for a reference it holds no transaction of (yet).
  if (response.status === 404) return { status: 'pending' };
  if (!response.ok) {
    throw new GatewayUnavailable(`Ozow status query answered HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new GatewayUnavailable('Ozow status query answered something unreadable', {
      cause: error,
    });
  }
  const listed = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : null;
  if (!listed) throw new GatewayUnavailable('Ozow status query answered something unreadable');

  const ours = listed
    .filter((entry): entry is OzowTransaction => !!entry && typeof entry === 'object')
    .filter(
      (entry) =>
        textOf(entry, 'transactionReference') === order.reference &&
        (textOf(entry, 'siteCode') ?? siteCode).toLowerCase() === siteCode.toLowerCase(),
    );
  // Several attempts can share one reference: the newest one speaks for the order.
  const newest = ours.reduce<OzowTransaction | null>(
    (latest, entry) => (!latest || timeOf(entry) >= timeOf(latest) ? entry : latest),
    null,
  );
  if (!newest) return { status: 'pending' };

  const status = verdictOf(textOf(newest, 'status')) ?? 'pending';
  const amountMinor = parseMinor(valueOf(newest, 'amount'));
  return {
    status,
    amountMinor: amountMinor ?? undefined,
    currency: (textOf(newest, 'currencyCode') ?? OZOW_CURRENCY).toUpperCase(),
    gatewayTransactionId: textOf(newest, 'transactionId') || undefined,
    message: messageOf(status),
  };
}

export const ozowGateway: PaymentGateway = {
  name: OZOW_GATEWAY,
  defaultBaseUrl: { test: 'https://pay.ozow.com', live: 'https://pay.ozow.com' },
  requiredCredentials: ['privateKey'],
  requiredSettings: ['siteCode'],

  async startPayment(order, urls, settings) {
    if (order.currency.toUpperCase() !== OZOW_CURRENCY) {
      throw new AppError(422, orderMessages.gatewayNotOffered);
    }
    const privateKey = settings.credentials.privateKey;
    const siteCode = settings.settings.siteCode;
    if (!privateKey || !siteCode) throw new AppError(503, orderMessages.gatewayUnavailable);
    if (order.reference.length > TRANSACTION_REFERENCE_MAX_LENGTH) {
      throw new RangeError('an Ozow TransactionReference is at most 50 characters');
    }

    const fields: Record<string, string> = {
      SiteCode: siteCode,
      CountryCode: 'ZA',
      CurrencyCode: OZOW_CURRENCY,
      Amount: formatMinor(order.amountMinor),
      TransactionReference: order.reference,
      BankReference: BANK_REFERENCE,
      ...(order.customer.email ? { Customer: order.customer.email } : {}),
      CancelUrl: urls.cancelUrl,
      ErrorUrl: urls.errorUrl,
      SuccessUrl: urls.returnUrl,
      NotifyUrl: urls.notifyUrl,
      IsTest: settings.isTest ? 'true' : 'false',
    };
    return {
      kind: 'form',
      action: `${settings.baseUrl.replace(/\/+$/, '')}/`,
      fields: { ...fields, HashCheck: ozowRequestHash(fields, privateKey) },
    };
  },

  referenceOf(event) {
    return fieldsOf(event).TransactionReference || null;
  },

  async verifyEvent(event, order, settings) {
    return verifyResponse(fieldsOf(event), order, settings);
  },

  // With an API key Ozow's own record decides; without one, only a return whose Hash proves it
  // came from Ozow says anything, and anything else leaves the order to the notification.
  async queryStatus(order, settings, http, hint) {
    const apiKey = settings.credentials.apiKey;
    if (apiKey) return queryByReference(order, settings, http, apiKey);
    const verdict = verifyResponse(hint, order, settings);
    return 'rejected' in verdict ? { status: 'pending' } : verdict;
  },
};
