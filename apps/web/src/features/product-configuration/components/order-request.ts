import type {
  Configuration,
  PricedProduct,
  Quote,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type { TVmProductDetail } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import type { TCreateOrderRequest } from '@cloud-portal/contract/orders/create-order';
import type { GatewayName } from '@cloud-portal/contract/orders/gateways';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import { unitOf } from './priced-product';

type Choice = {
  configuration: Configuration;
  regionID: number;
  timePeriod: number;
};

type Payment = {
  /** The gateway chosen, or null for a product that skips the gateway (byPassflag 1). */
  gateway: GatewayName | null;
  byPassflag: 0 | 1;
  /** The customer said yes to paying a rand bill in US dollars through PayPal. */
  convertToUsd: boolean;
  /** 1: the product needs the customer's Microsoft licence PDF. */
  microsoftLicense: 0 | 1;
};

const PROCESSOR_UNIT = 'vCPU';

/**
 * The new-order payload of vm-lifecycle.md §3 for the configuration on screen: exactly three
 * specification entries (memory, disk, processor), the total payable the customer was shown
 * (the server re-prices and refuses a different one) and the payment choice.
 */
export function toCreateOrderRequest(
  vm: TVmProductDetail,
  product: PricedProduct,
  choice: Choice,
  quote: Quote,
  currency: string,
  payment: Payment,
): TCreateOrderRequest {
  const lineOf = (name: SpecificationName) => quote.lines.find((line) => line.item === name);
  const entry = (type: 'memory' | 'disk' | 'processor', name: SpecificationName, unit: string) => ({
    type,
    value: choice.configuration[type],
    unit: unitOf(product, name) ?? unit,
    price: lineOf(name)?.price ?? '0.00',
  });
  return {
    productID: vm.productID,
    productName: vm.productName,
    specification: [
      entry('memory', 'Memory', vm.vm_RAM_Unit),
      entry('disk', 'Disk', vm.vm_Driver_Unit),
      entry('processor', 'Processor', PROCESSOR_UNIT),
    ],
    region: choice.regionID,
    cost: quote.totalPrice,
    taxAmount: quote.taxAmount,
    discountAmount: quote.discountAmount,
    totalAmount: quote.totalPayable,
    currency,
    timePeriod: choice.timePeriod,
    paymentGateway: payment.byPassflag === 1 ? '' : (payment.gateway ?? ''),
    byPassflag: payment.byPassflag,
    microsoftLicense: payment.microsoftLicense,
    convertToUsd: payment.convertToUsd,
  };
}
