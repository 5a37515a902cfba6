import type { GatewayName } from '@cloud-portal/contract/orders/gateways';

/** Where Buy Now stands: no dialog, choosing a gateway, or confirming a charge in US dollars. */
export type BuyNowStep =
  | { kind: 'closed' }
  | { kind: 'choose'; gateways: GatewayName[] }
  | { kind: 'convert'; gateway: GatewayName };

export const BUY_NOW_CLOSED: BuyNowStep = { kind: 'closed' };
