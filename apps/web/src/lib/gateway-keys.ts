import {
  OZOW_GATEWAY,
  PAYFAST_GATEWAY,
  PAYPAL_GATEWAY,
  PESAPAL_GATEWAY,
  SANDBOX_GATEWAY,
  type GatewayName,
} from '@cloud-portal/contract/orders/gateways';

/** The translation key of each gateway's name (`gateways.<key>` in the products and checkout texts). */
export const GATEWAY_KEYS = {
  [SANDBOX_GATEWAY]: 'sandbox',
  [PAYPAL_GATEWAY]: 'paypal',
  [PAYFAST_GATEWAY]: 'payfast',
  [OZOW_GATEWAY]: 'ozow',
  [PESAPAL_GATEWAY]: 'pesapal',
} as const satisfies Record<GatewayName, string>;
