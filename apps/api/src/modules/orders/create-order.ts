import { isSameAmount } from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { toMinor } from '@cloud-portal/contract/pricing/money';
import type { z } from 'zod';
import type { ZCreateOrderRequest } from '@cloud-portal/contract/orders/create-order';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { OrderedLine, OrderRow } from '../../db/schema/orders';
import { AppError } from '../../errors';
import type { PaymentStart } from '../../payments/gateway';
import { isRegionOffered, quoteProductConfiguration } from '../marketplace/quote-configuration';
import { placeOrder, type OrderDeps } from './place-order';
import type { OwnerScope } from '../../tenancy/owner-scope';

export type { OrderDeps } from './place-order';

type CreateOrderInput = z.output<typeof ZCreateOrderRequest>;

type CreatedOrder = {
  order: OrderRow;
  start: PaymentStart | null;
  licenceRequired: boolean;
  countryCode: string;
};

function fieldError(field: string, message: string): never {
  throw new AppError(400, message, { errors: [{ field, message }] });
}

/**
 * A new purchase (comes-from 1), priced by the server from the catalogue (DESIGN.md departure 3):
 * the configuration must be one the product offers, the total the customer saw the server's to
 * the cent (409 with the current quote otherwise); then `placeOrder` checks the gateway, writes
 * the order and asks for the payment.
 */
export async function createNewPurchaseOrder(
  deps: OrderDeps,
  owner: OwnerScope,
  input: CreateOrderInput,
  context: { origin: string; language: TLanguage },
): Promise<CreatedOrder> {
  const countOf = (type: 'memory' | 'disk' | 'processor') =>
    input.specification.find((entry) => entry.type === type)!.value;
  const { details, quote } = await quoteProductConfiguration(
    deps.db,
    owner.companyId,
    input.productID,
    { memory: countOf('memory'), disk: countOf('disk'), processor: countOf('processor') },
    input.timePeriod,
  );
  const product = details.VMProductDetail;

  const regionId = product.regionID ?? input.region;
  if (regionId === 0) fieldError('region', marketplaceMessages.selectRegion);
  if (!isRegionOffered(details, regionId))
    fieldError('region', marketplaceMessages.regionNotOffered);
  const regionName =
    product.regionID !== null
      ? product.regionName
      : (details.regions.find((region) => region.ID === regionId)?.name ?? null);

  if (!isSameAmount(input.totalAmount, quote.totalPayable))
    throw new AppError(409, marketplaceMessages.priceChanged, { quote });

  const currency = details.country?.currency ?? product.vm_currency;
  const lines: OrderedLine[] = quote.lines.map((line) => ({
    name: line.item,
    count: line.size,
    unit: line.unit,
    costMinor: toMinor(line.price),
    discountMinor: toMinor(line.discount),
  }));
  const licenceRequired = product.sendMailForLicense === 1;
  const { order, start } = await placeOrder(
    deps,
    owner,
    {
      kind: ORDER_KINDS.newPurchase,
      currency,
      costMinor: toMinor(quote.totalPrice),
      discountMinor: toMinor(quote.discountAmount),
      taxMinor: toMinor(quote.taxAmount),
      totalMinor: toMinor(quote.totalPayable),
      taxBasisPoints: Math.round(quote.taxPercent * 100),
      taxBasis: quote.taxBasis,
      productId: product.productID,
      productName: product.productName,
      operatingSystem: product.osType,
      isGoldCopy: product.isGoldCopy === 1,
      requiresLicence: licenceRequired,
      lines,
      regionId,
      regionName,
      periodDays: input.timePeriod,
    },
    {
      paymentGateway: input.paymentGateway,
      byPassflag: input.byPassflag,
      convertToUsd: input.convertToUsd,
      offeredGateways: details.paymentGateway,
      bypassAllowed: details.byPassflag === 1,
    },
    context,
  );
  const countryCode = product.vm_countryCode ?? 'ZA';
  return { order, start, licenceRequired: licenceRequired && !order.bypassesPayment, countryCode };
}
