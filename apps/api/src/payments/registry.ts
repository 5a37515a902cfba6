import type { GatewayName } from '@cloud-portal/contract/orders/gateways';
import type { PaymentGateway } from './gateway';
import { ozowGateway } from './gateways/ozow';
import { payfastGateway } from './gateways/payfast';
import { paypalGateway } from './gateways/paypal';
import { pesapalGateway } from './gateways/pesapal';
import { sandboxGateway } from './gateways/sandbox';

/** Every adapter, by the wire name products and orders use (vm-lifecycle.md §9). */
const GATEWAYS: Record<string, PaymentGateway> = Object.fromEntries(
  [sandboxGateway, payfastGateway, ozowGateway, paypalGateway, pesapalGateway].map((gateway) => [
    gateway.name,
    gateway,
  ]),
);

export function findGateway(name: string): PaymentGateway | null {
  return GATEWAYS[name] ?? null;
}

/** The adapter of a gateway name the code already checked; an unknown one is a programming error. */
export function getGateway(name: GatewayName | string): PaymentGateway {
  const gateway = findGateway(name);
  if (!gateway) throw new Error(`unknown payment gateway: ${name}`);
  return gateway;
}
