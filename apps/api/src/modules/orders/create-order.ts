import { eq } from 'drizzle-orm';
import { isSameAmount } from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { PESAPAL_GATEWAY, needsUsdConversion } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { mulDivRound, toMinor } from '@cloud-portal/contract/pricing/money';
import { ZAR_TO_USD_RATE } from '@cloud-portal/contract/pricing/vm-pricing';
import type { z } from 'zod';
import type { ZCreateOrderRequest } from '@cloud-portal/contract/orders/create-order';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { orders, type OrderedLine } from '../../db/schema/orders';
import type { JobQueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import { AppError } from '../../errors';
import { applyVerdict, type OrderRow } from '../../payments/apply-verdict';
import { listUsableGateways, loadGatewaySettings } from '../../payments/gateway-settings';
import { isRegionOffered, quoteProductConfiguration } from '../marketplace/quote-configuration';
import { newOrderReference } from './order-reference';
import type { Owner } from './order-access';
import { startOrderPayment, type PaymentDeps } from './start-payment';
import type { PaymentStart } from '../../payments/gateway';

export type OrderDeps = PaymentDeps & { jobs: JobQueue; orderExpiryMs: number };

type CreateOrderInput = z.output<typeof ZCreateOrderRequest>;

export type CreatedOrder = {
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
 * the cent (409 with the current quote otherwise), the gateway one the product offers and the
 * company can take. The order and its expiry job are written together; then the gateway is asked
 * for the payment, unless a licence is still to come or PesaPal's order is made at Pay.
 * byPassflag 1, for a product marked so, completes at once through the same settlement.
 */
export async function createNewPurchaseOrder(
  deps: OrderDeps,
  owner: Owner,
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
  const totalMinor = toMinor(quote.totalPayable);
  let gateway: string | null = null;
  let chargeCurrency = currency;
  let chargeTotalMinor = totalMinor;
  let isTest = false;
  if (input.byPassflag === 1) {
    if (details.byPassflag !== 1) throw new AppError(422, orderMessages.bypassNotAllowed);
  } else {
    const usable = await listUsableGateways(deps.db, deps.credentialsKey, owner.companyId);
    const offered = details.paymentGateway.filter((name) => usable.includes(name));
    if (offered.length === 0) throw new AppError(422, orderMessages.noGateway);
    if (!offered.includes(input.paymentGateway))
      fieldError('paymentGateway', orderMessages.gatewayNotOffered);
    gateway = input.paymentGateway;
    if (needsUsdConversion(gateway, currency)) {
      if (!input.convertToUsd) throw new AppError(422, orderMessages.conversionNotConfirmed);
      chargeCurrency = 'USD';
      chargeTotalMinor = mulDivRound(
        totalMinor,
        ZAR_TO_USD_RATE.numerator,
        ZAR_TO_USD_RATE.denominator,
      );
    }
    const settings = await loadGatewaySettings(
      deps.db,
      deps.credentialsKey,
      owner.companyId,
      gateway,
    );
    isTest = settings?.isTest ?? true;
  }

  const lines: OrderedLine[] = quote.lines.map((line) => ({
    name: line.item,
    count: line.size,
    unit: line.unit,
    costMinor: toMinor(line.price),
    discountMinor: toMinor(line.discount),
  }));
  const expiresAt = new Date(Date.now() + deps.orderExpiryMs);
  const order = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        reference: newOrderReference(),
        companyId: owner.companyId,
        customerId: owner.customerId,
        kind: ORDER_KINDS.newPurchase,
        gateway,
        bypassesPayment: input.byPassflag === 1,
        isTest,
        currency,
        costMinor: toMinor(quote.totalPrice),
        discountMinor: toMinor(quote.discountAmount),
        taxMinor: toMinor(quote.taxAmount),
        totalMinor,
        taxBasisPoints: Math.round(quote.taxPercent * 100),
        taxBasis: quote.taxBasis,
        chargeCurrency,
        chargeTotalMinor,
        productId: product.productID,
        productName: product.productName,
        operatingSystem: product.osType,
        isGoldCopy: product.isGoldCopy === 1,
        requiresLicence: product.sendMailForLicense === 1,
        lines,
        regionId,
        regionName,
        periodDays: input.timePeriod,
        language: context.language,
        expiresAt,
      })
      .returning();
    await deps.jobs.send(
      QUEUES.orderExpiry,
      { orderId: row!.id },
      { transaction: tx, startAfter: expiresAt, retryLimit: 5 },
    );
    return row!;
  });

  const licenceRequired = product.sendMailForLicense === 1;
  const countryCode = product.vm_countryCode ?? 'ZA';
  if (order.bypassesPayment) {
    await applyVerdict(
      deps,
      order,
      { source: 'bypass', payload: { byPassflag: 1 } },
      {
        status: 'paid',
        amountMinor: order.chargeTotalMinor,
        gatewayTransactionId: order.reference,
      },
    );
    const [paid] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
    return { order: paid!, start: null, licenceRequired: false, countryCode };
  }
  const start =
    licenceRequired || gateway === PESAPAL_GATEWAY
      ? null
      : await startOrderPayment(deps, order, context.origin);
  return { order, start, licenceRequired, countryCode };
}
