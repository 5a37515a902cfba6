/**
 * The payment gateways a product can offer (vm-lifecycle.md §9, plus the built-in Sandbox of
 * DESIGN.md) and the Buy Now decision of §4. Zod-free: the browser imports it.
 */
export const SANDBOX_GATEWAY = 'Sandbox Payment';
export const PAYPAL_GATEWAY = 'Paypal Payment';
export const PAYFAST_GATEWAY = 'PayFast Payment';
export const OZOW_GATEWAY = 'Ozow Payment';
export const PESAPAL_GATEWAY = 'PesaPal Payment';

export const GATEWAY_NAMES = [
  SANDBOX_GATEWAY,
  PAYPAL_GATEWAY,
  PAYFAST_GATEWAY,
  OZOW_GATEWAY,
  PESAPAL_GATEWAY,
] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

export function isGatewayName(value: string): value is GatewayName {
  return (GATEWAY_NAMES as readonly string[]).includes(value);
}

/** §2.5: 'Invoice' for Ozow and PayFast, otherwise 'Proforma Invoice'. */
export function isTaxInvoiceGateway(gateway: string): boolean {
  return gateway === OZOW_GATEWAY || gateway === PAYFAST_GATEWAY;
}

/** §9: PayPal does not take ZAR; the customer confirms a charge in USD at 0.063. */
export function needsUsdConversion(gateway: string, currency: string): boolean {
  return gateway === PAYPAL_GATEWAY && currency.toUpperCase() === 'ZAR';
}

export type BuyNowDecision =
  | { kind: 'bypass' }
  | { kind: 'proceed'; gateway: GatewayName }
  | { kind: 'confirmConversion'; gateway: GatewayName }
  | { kind: 'choose'; gateways: GatewayName[] }
  | { kind: 'noGateway' };

/**
 * §4 Buy Now decision, by the product's gateway list and byPassflag: bypass; one gateway
 * (PayPal with ZAR asks to convert first); several (the customer chooses); none (an error).
 * Names the server does not know are left out, so an unknown one is never offered.
 */
export function decideBuyNow(
  gateways: readonly string[],
  byPassflag: 0 | 1,
  currency: string,
): BuyNowDecision {
  if (byPassflag === 1) return { kind: 'bypass' };
  const known = gateways.filter(isGatewayName);
  if (known.length === 0) return { kind: 'noGateway' };
  if (known.length > 1) return { kind: 'choose', gateways: known };
  const gateway = known[0]!;
  return needsUsdConversion(gateway, currency)
    ? { kind: 'confirmConversion', gateway }
    : { kind: 'proceed', gateway };
}

/** After a choice in the choose-gateway modal: PayPal with ZAR still asks to convert. */
export function decideChosenGateway(gateway: GatewayName, currency: string): BuyNowDecision {
  return needsUsdConversion(gateway, currency)
    ? { kind: 'confirmConversion', gateway }
    : { kind: 'proceed', gateway };
}
