import type { GatewayName } from '@cloud-portal/contract/orders/gateways';
import type { OrderKind } from '@cloud-portal/contract/orders/order-status';

/**
 * The one interface every payment gateway adapter implements (DESIGN.md "Pluggable providers"):
 * signatures and hashes are made and checked inside the adapter, on the server only; vendor
 * statuses are mapped to our own verdicts; nothing an adapter returns to the browser is secret.
 */

/** A company's settings of one gateway, decrypted for the call at hand (never logged). */
export type GatewaySettings = {
  isTest: boolean;
  /** The gateway's host for this company: its own override, else the adapter's default. */
  baseUrl: string;
  /** Secrets: merchant keys, passphrases, private keys, client secrets. */
  credentials: Record<string, string>;
  /** Values that are not secret: PayPal webhook id, Pesapal IPN id. */
  settings: Record<string, string>;
};

/** What an adapter knows of an order: the amount and currency the gateway is asked to charge. */
export type OrderForGateway = {
  reference: string;
  kind: OrderKind;
  /** The item's name (the product or VM name). */
  description: string;
  amountMinor: number;
  currency: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    /** ISO 3166 alpha-2, e.g. "ZA". */
    countryCode: string | null;
  };
  /** The gateway's own id once known (PayPal order id, Pesapal tracking id, …). */
  gatewayOrderId: string | null;
  /** False once the order is closed (paid, expired, cancelled, failed): nothing may be charged. */
  isOpen: boolean;
};

/** Where the gateway sends the customer back and where it notifies the server. */
export type GatewayUrls = {
  returnUrl: string;
  cancelUrl: string;
  errorUrl: string;
  notifyUrl: string;
};

/** How the browser goes to pay: a redirect, or a ready-signed form it posts. */
export type PaymentStart =
  | { kind: 'redirect'; url: string; gatewayOrderId?: string }
  | { kind: 'form'; action: string; fields: Record<string, string>; gatewayOrderId?: string };

/** Our reading of what a gateway said about an order. */
export type GatewayVerdict = {
  status: 'paid' | 'failed' | 'cancelled' | 'pending';
  /** The amount the gateway says was paid, in minor units of `currency`, when it says. */
  amountMinor?: number;
  currency?: string;
  /** The gateway's own transaction or payment id. */
  gatewayTransactionId?: string;
  /** A message safe to show the customer on the Failed page. */
  message?: string;
};

/** A verification that failed: the event is logged and otherwise ignored. */
export type RejectedEvent = { rejected: string };

/** An event the gateway sent the server (notification, IPN, ITN, webhook), as received. */
export type InboundEvent = {
  /** Form fields in the order received (PayFast signs them in that order); empty for JSON. */
  fields: [name: string, value: string][];
  /** A JSON body (PayPal webhooks), else null. */
  json: unknown;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  /** The client address as the server sees it (after TRUST_PROXY). */
  sourceAddress: string;
  /** The body exactly as sent, where a signature covers it (PayPal webhooks). */
  rawBody?: string;
};

/** HTTP to the gateway: fetch with a timeout; a network failure or timeout throws GatewayUnavailable. */
export type GatewayHttp = (url: string, init?: RequestInit) => Promise<Response>;

/** The gateway could not be reached or answered something unusable: the order stays pending. */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The gateway's hosts, used unless the company sets its own base URL. */
  readonly defaultBaseUrl: { test: string; live: string };
  /** Credential names the adapter needs; a company missing one cannot offer the gateway. */
  readonly requiredCredentials: readonly string[];
  /** Settings (not secret) the adapter needs, such as Ozow's site code. */
  readonly requiredSettings?: readonly string[];

  /** Prepares the payment: a signed form, or an order created at the gateway and its redirect. */
  startPayment(
    order: OrderForGateway,
    urls: GatewayUrls,
    settings: GatewaySettings,
    http: GatewayHttp,
  ): Promise<PaymentStart>;

  /** The order reference an inbound event names (not yet verified), or null. */
  referenceOf(event: InboundEvent): string | null;

  /**
   * Verifies an inbound event about `order` (signature or hash, source, amount where the event
   * carries one, and the gateway's own confirmation where the protocol has one) and reads its
   * verdict. A forged or unverifiable event is `{ rejected }`, never a verdict.
   */
  verifyEvent(
    event: InboundEvent,
    order: OrderForGateway,
    settings: GatewaySettings,
    http: GatewayHttp,
  ): Promise<GatewayVerdict | RejectedEvent>;

  /**
   * Asks the gateway where the order stands (a status query; for PayPal, the capture of an
   * approved order). `hint` holds what the browser's return carried (ids only, never trusted).
   */
  queryStatus(
    order: OrderForGateway,
    settings: GatewaySettings,
    http: GatewayHttp,
    hint: Record<string, string>,
  ): Promise<GatewayVerdict>;
}

export function isRejected(result: GatewayVerdict | RejectedEvent): result is RejectedEvent {
  return 'rejected' in result;
}
