import { createHash } from 'node:crypto';
import { OZOW_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import { AppError } from '../../errors';
import { safeEqual } from '../../lib/tokens';
import {
  GatewayUnavailable,
  isRejected,
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
const OZOW_REQUEST_FIELDS = [
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
const OZOW_RESPONSE_FIELDS = [
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

const OZOW_DEFAULT_API_BASE_URL = 'https://api.ozow.com';
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
function ozowHash(values: readonly string[], privateKey: string): string {
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

/**
 * Checks a notification's fields (Hash, site, order, amount): a filter for junk and tampering, not
 * proof of payment. Ozow's test site code and private key are published, so anyone can make a
 * correctly hashed notification; only Ozow's own record (`confirmWithOzow`) settles an order.
 */
function checkClaim(
  fields: Record<string, string>,
  order: OrderForGateway,
  settings: GatewaySettings,
): RejectedEvent | null {
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
  return null;
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

function isTestRecord(transaction: OzowTransaction): boolean {
  const value = valueOf(transaction, 'isTest');
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/**
 * Ozow's record of the order, from GetTransactionByReference's answer (a list of transactions:
 * transactionId, merchantCode, siteCode, transactionReference, currencyCode, amount, status,
 * statusMessage, createdDate, paymentDate, …). The newest transaction of the order's reference at
 * the company's site speaks. It is paid only as Complete for exactly the order's amount in ZAR; a
 * complete payment of another amount or currency is rejected (the order stays pending), and an
 * answer that cannot be read is unavailable (asked again later), never paid.
 */
export function readOzowTransactions(
  body: unknown,
  order: OrderForGateway,
  settings: GatewaySettings,
): GatewayVerdict | RejectedEvent {
  const listed = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : null;
  if (!listed) throw new GatewayUnavailable('Ozow status query answered something unreadable');
  const siteCode = (settings.settings.siteCode ?? '').toLowerCase();
  const ours = listed
    .filter((entry): entry is OzowTransaction => !!entry && typeof entry === 'object')
    .filter(
      (entry) =>
        textOf(entry, 'transactionReference') === order.reference &&
        (textOf(entry, 'siteCode') ?? '').toLowerCase() === siteCode,
    );
  // Several attempts can share one reference: the newest one speaks for the order.
  const newest = ours.reduce<OzowTransaction | null>(
    (latest, entry) => (!latest || timeOf(entry) >= timeOf(latest) ? entry : latest),
    null,
  );
  if (!newest) return { status: 'pending' };

  const status = verdictOf(textOf(newest, 'status')) ?? 'pending';
  const gatewayTransactionId = textOf(newest, 'transactionId') || undefined;
  if (status !== 'paid') {
    return status === 'pending'
      ? { status }
      : { status, gatewayTransactionId, message: messageOf(status) };
  }
  const amountMinor = parseMinor(valueOf(newest, 'amount'));
  const currency = textOf(newest, 'currencyCode')?.trim().toUpperCase();
  if (amountMinor === null || !currency) {
    throw new GatewayUnavailable('Ozow status query: a complete payment names no amount');
  }
  if (amountMinor !== order.amountMinor) return { rejected: 'Ozow confirmed another amount' };
  if (currency !== order.currency.toUpperCase() || currency !== OZOW_CURRENCY) {
    return { rejected: 'Ozow confirmed another currency' };
  }
  if (!settings.isTest && isTestRecord(newest)) {
    return { rejected: 'Ozow confirmed a test payment on a live site' };
  }
  return { status, amountMinor, currency, gatewayTransactionId };
}

/**
 * Asks Ozow where the order stands (GetTransactionByReference with the company's API key). No
 * transaction yet (404) is pending; an error, a timeout or an unreadable answer is unavailable.
 */
async function confirmWithOzow(
  order: OrderForGateway,
  settings: GatewaySettings,
  http: GatewayHttp,
): Promise<GatewayVerdict | RejectedEvent> {
  const apiKey = settings.credentials.apiKey;
  const siteCode = settings.settings.siteCode;
  if (!apiKey || !siteCode) return { rejected: 'Ozow API key not configured' };
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
  return readOzowTransactions(body, order, settings);
}

export const ozowGateway: PaymentGateway = {
  name: OZOW_GATEWAY,
  defaultBaseUrl: { test: 'https://pay.ozow.com', live: 'https://pay.ozow.com' },
  // The API key is what confirms a payment: without it Ozow is not offered (ADR 016).
  requiredCredentials: ['privateKey', 'apiKey'],
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

  // A notification is a claim: once its Hash and fields hold, Ozow's own record decides.
  async verifyEvent(event, order, settings, http) {
    return checkClaim(fieldsOf(event), order, settings) ?? confirmWithOzow(order, settings, http);
  },

  // A browser return proves nothing either (its fields can be made by anyone who knows the test
  // key): only Ozow's record says where the order stands.
  async queryStatus(order, settings, http) {
    const verdict = await confirmWithOzow(order, settings, http);
    return isRejected(verdict) ? { status: 'pending' } : verdict;
  },
};
