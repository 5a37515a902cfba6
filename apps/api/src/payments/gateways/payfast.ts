import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { PAYFAST_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import { AppError } from '../../errors';
import { safeEqual } from '../../lib/tokens';
import { TtlCache } from '../../lib/ttl-cache';
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
import { phpUrlencode } from '../php-urlencode';

/** The hosts PayFast sends ITNs from (its own sample code checks the same four). */
const PAYFAST_HOSTS = [
  'www.payfast.co.za',
  'sandbox.payfast.co.za',
  'w1w.payfast.co.za',
  'w2w.payfast.co.za',
] as const;

const PAYFAST_CURRENCY = 'ZAR';
const FIELD_MAX_LENGTH = 100;
const ADDRESS_CACHE_MS = 5 * 60_000;
const LOOKUP_TIMEOUT_MS = 3_000;
/** PayFast's own tolerance when comparing amount_gross with the order: R0.01. */
const AMOUNT_TOLERANCE_MINOR = 1;

const VERDICT_OF: Record<string, GatewayVerdict['status']> = {
  COMPLETE: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  PENDING: 'pending',
};

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function joinEncoded(fields: readonly (readonly [string, string])[]): string {
  return fields.map(([name, value]) => `${name}=${phpUrlencode(value)}`).join('&');
}

function withPassphrase(paramString: string, passphrase: string | undefined): string {
  const trimmed = passphrase?.trim();
  return trimmed ? `${paramString}&passphrase=${phpUrlencode(trimmed)}` : paramString;
}

/**
 * The checkout signature: the non-empty fields in the order given (PayFast's documented order),
 * each value trimmed, then the passphrase when the merchant has one.
 */
export function signPayfastCheckout(
  fields: readonly (readonly [string, string])[],
  passphrase?: string,
): string {
  const present = fields
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '');
  return md5(withPassphrase(joinEncoded(present), passphrase));
}

/**
 * What an ITN signs and what /eng/query/validate is sent: every field as received, up to the
 * signature, empty ones included and nothing trimmed.
 */
export function itnParamString(fields: readonly (readonly [string, string])[]): string {
  const end = fields.findIndex(([name]) => name === 'signature');
  return joinEncoded(end === -1 ? fields : fields.slice(0, end));
}

/** At most `length` characters (not UTF-16 units), so a name is never cut inside a character. */
function clip(value: string, length = FIELD_MAX_LENGTH): string {
  return [...value.trim()].slice(0, length).join('').trim();
}

function fieldOf(event: InboundEvent, name: string): string | undefined {
  return event.fields.find(([fieldName]) => fieldName === name)?.[1];
}

function parseMinor(value: string | undefined): number | null {
  if (value === undefined) return null;
  try {
    return toMinor(value);
  } catch {
    return null;
  }
}

/** The IPv4 form of an IPv4-mapped IPv6 address, so `::ffff:1.2.3.4` matches `1.2.3.4`. */
function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

export type LookupHost = (host: string) => Promise<string[]>;

/** The system resolver (so /etc/hosts counts), bounded: getaddrinfo has no deadline of its own. */
const lookupWithDeadline: LookupHost = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lookup of ${host} timed out`)), LOOKUP_TIMEOUT_MS);
    timer.unref();
  });
  try {
    const addresses = await Promise.race([lookup(host, { all: true }), deadline]);
    return addresses.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
};

function hostOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).hostname.replace(/^\[|\]$/g, '') || null;
  } catch {
    return null;
  }
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw new GatewayUnavailable('PayFast answer cut short', { cause: error });
  }
}

type PayfastOptions = {
  /** How a host name becomes addresses; tests give a resolver that needs no network. */
  lookupHost?: LookupHost;
};

export function createPayfastGateway(options: PayfastOptions = {}): PaymentGateway {
  const lookupHost = options.lookupHost ?? lookupWithDeadline;
  // A failed lookup is not kept (TtlCache drops rejected loads), so the next ITN tries again.
  const addressCache = new TtlCache<string, string[]>(ADDRESS_CACHE_MS, 64);

  async function addressesOf(host: string): Promise<string[]> {
    if (isIP(host)) return [normalizeAddress(host)];
    try {
      const addresses = await addressCache.get(host, () => lookupHost(host));
      return addresses.map(normalizeAddress);
    } catch {
      return [];
    }
  }

  async function isFromPayfast(sourceAddress: string, baseUrl: string): Promise<boolean> {
    const source = normalizeAddress(sourceAddress);
    const ownHost = hostOf(baseUrl);
    if (ownHost && (await addressesOf(ownHost)).includes(source)) return true;
    const known = await Promise.all(
      PAYFAST_HOSTS.filter((host) => host !== ownHost).map(addressesOf),
    );
    return known.some((addresses) => addresses.includes(source));
  }

  return {
    name: PAYFAST_GATEWAY,
    defaultBaseUrl: { test: 'https://sandbox.payfast.co.za', live: 'https://www.payfast.co.za' },
    requiredCredentials: ['merchant_id', 'merchant_key'],

    async startPayment(order, urls, settings) {
      if (order.currency.toUpperCase() !== PAYFAST_CURRENCY) {
        throw new AppError(422, orderMessages.gatewayNotOffered);
      }
      const { merchant_id: merchantId, merchant_key: merchantKey } = settings.credentials;
      if (!merchantId || !merchantKey) throw new AppError(503, orderMessages.gatewayUnavailable);

      // Posted exactly as signed: trimmed, clipped to PayFast's lengths, empty ones left out.
      const fields = (
        [
          ['merchant_id', merchantId],
          ['merchant_key', merchantKey],
          ['return_url', urls.returnUrl],
          ['cancel_url', urls.cancelUrl],
          ['notify_url', urls.notifyUrl],
          ['name_first', clip(order.customer.firstName)],
          ['name_last', clip(order.customer.lastName)],
          ['email_address', clip(order.customer.email)],
          ['m_payment_id', order.reference],
          ['amount', formatMinor(order.amountMinor)],
          ['item_name', clip(order.description)],
        ] as const
      )
        .map(([name, value]) => [name, value.trim()] as const)
        .filter(([, value]) => value !== '');
      const signature = signPayfastCheckout(fields, settings.credentials.passphrase);
      return {
        kind: 'form',
        action: `${settings.baseUrl.replace(/\/+$/, '')}/eng/process`,
        fields: { ...Object.fromEntries(fields), signature },
      };
    },

    referenceOf(event) {
      return fieldOf(event, 'm_payment_id') || null;
    },

    async verifyEvent(
      event: InboundEvent,
      order: OrderForGateway,
      settings: GatewaySettings,
      http: GatewayHttp,
    ): Promise<GatewayVerdict | RejectedEvent> {
      const { merchant_id: merchantId, passphrase } = settings.credentials;
      if (!merchantId) return { rejected: 'PayFast merchant not configured' };

      const received = fieldOf(event, 'signature');
      if (!received) return { rejected: 'signature missing' };
      const paramString = itnParamString(event.fields);
      if (!safeEqual(received.toLowerCase(), md5(withPassphrase(paramString, passphrase)))) {
        return { rejected: 'signature mismatch' };
      }
      if (fieldOf(event, 'merchant_id') !== merchantId) return { rejected: 'merchant mismatch' };
      if (fieldOf(event, 'm_payment_id') !== order.reference) {
        return { rejected: 'reference mismatch' };
      }
      const amountMinor = parseMinor(fieldOf(event, 'amount_gross'));
      if (amountMinor === null) return { rejected: 'amount_gross missing or malformed' };
      if (Math.abs(amountMinor - order.amountMinor) > AMOUNT_TOLERANCE_MINOR) {
        return { rejected: 'amount mismatch' };
      }
      if (!(await isFromPayfast(event.sourceAddress, settings.baseUrl))) {
        return { rejected: 'source address is not PayFast' };
      }

      const response = await http(`${settings.baseUrl.replace(/\/+$/, '')}/eng/query/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: paramString,
      });
      if (!response.ok) {
        throw new GatewayUnavailable(`PayFast validate answered HTTP ${response.status}`);
      }
      if ((await readText(response)).trim() !== 'VALID') {
        return { rejected: 'PayFast did not validate the notification' };
      }

      const status =
        VERDICT_OF[(fieldOf(event, 'payment_status') ?? '').toUpperCase()] ?? 'pending';
      return {
        status,
        amountMinor,
        currency: PAYFAST_CURRENCY,
        gatewayTransactionId: fieldOf(event, 'pf_payment_id') || undefined,
        message:
          status === 'failed'
            ? orderMessages.gatewayFailure
            : status === 'cancelled'
              ? orderMessages.paymentCancelled
              : undefined,
      };
    },

    // PayFast has no status query for once-off payments: its ITN alone decides. Only the cancel
    // address (reached when the customer presses cancel at PayFast) says something on return.
    async queryStatus(_order, _settings, _http, hint) {
      return hint.status === 'cancelled'
        ? { status: 'cancelled', message: orderMessages.paymentCancelled }
        : { status: 'pending' };
    },
  };
}

export const payfastGateway = createPayfastGateway();
