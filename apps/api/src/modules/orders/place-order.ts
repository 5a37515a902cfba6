import { and, eq } from 'drizzle-orm';
import { PESAPAL_GATEWAY, needsUsdConversion } from '@cloud-portal/contract/orders/gateways';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import type { OrderKind } from '@cloud-portal/contract/orders/order-status';
import { mulDivRound } from '@cloud-portal/contract/pricing/money';
import { ZAR_TO_USD_RATE } from '@cloud-portal/contract/pricing/vm-pricing';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../db/client';
import { orders, type OrderDetails, type OrderedLine, type OrderRow } from '../../db/schema/orders';
import { orderTargets } from '../../db/schema/virtual-machines';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import { applyVerdict } from '../payments/apply-verdict';
import type { PaymentStart } from '../../payments/gateway';
import { listUsableGateways, loadGatewaySettings } from '../../payments/gateway-settings';
import { newOrderReference } from './order-reference';
import { startOrderPayment, type PaymentDeps } from './start-payment';
import type { OwnerScope } from '../../tenancy/owner-scope';

export type OrderDeps = PaymentDeps & { jobs: JobQueue; orderExpiryMs: number };

/** What the server priced: every amount in minor units of `currency`. */
export type OrderDraft = {
  kind: OrderKind;
  currency: string;
  costMinor: number;
  discountMinor: number;
  taxMinor: number;
  arrearsMinor?: number;
  totalMinor: number;
  taxBasisPoints: number;
  taxBasis: 'beforeDiscount' | 'afterDiscount';
  productId: number | null;
  productName: string;
  operatingSystem: string;
  isGoldCopy: boolean;
  requiresLicence: boolean;
  lines: OrderedLine[];
  regionId: number | null;
  regionName: string | null;
  periodDays: number;
  details?: OrderDetails;
  /** The machines a kind 2–5 order acts on, with what each was charged. */
  targets?: { vmId: number; daysExtended?: number; costMinor: number; arrearsMinor?: number }[];
  /**
   * Runs first in the order's transaction: takes the locks and makes the checks the order depends
   * on (a renewal already in progress, …), throwing to refuse it. Never a network call.
   */
  guard?: (tx: Database) => Promise<void>;
};

/** How the customer chose to pay, checked against what the product offers. */
export type PaymentChoice = {
  paymentGateway: string;
  byPassflag: 0 | 1;
  /** The customer's yes to the PayPal ZAR → USD modal. */
  convertToUsd: boolean;
  /** The gateways the product (or the VM's product) offers, by name. */
  offeredGateways: readonly string[];
  /** byPassflag of the product: 1 lets an order complete without a gateway. */
  bypassAllowed: boolean;
};

export type PlacedOrder = {
  order: OrderRow;
  start: PaymentStart | null;
  /** The ids of the machines the order acts on (kinds 2–5), in the order given. */
  vmIds: number[];
};

/**
 * Every order kind's common path once the server has priced it (DESIGN.md departure 3): the
 * gateway must be one the product offers and the company can take (422 otherwise), a PayPal
 * charge of a ZAR price must have been confirmed in USD; the order, its targets and its expiry job
 * are written in one transaction; then the gateway is asked for the payment, unless a licence is
 * still to come or PesaPal's order is made at Pay. byPassflag 1 settles at once through the same
 * settlement as a gateway's verdict.
 */
export async function placeOrder(
  deps: OrderDeps,
  owner: OwnerScope,
  draft: OrderDraft,
  choice: PaymentChoice,
  context: { origin: string; language: TLanguage },
): Promise<PlacedOrder> {
  let gateway: string | null = null;
  let chargeCurrency = draft.currency;
  let chargeTotalMinor = draft.totalMinor;
  let isTest = false;
  if (choice.byPassflag === 1) {
    if (!choice.bypassAllowed) throw new AppError(422, orderMessages.bypassNotAllowed);
  } else {
    const usable = await listUsableGateways(deps.db, deps.credentialsKey, owner.companyId);
    const offered = choice.offeredGateways.filter((name) => usable.includes(name));
    if (offered.length === 0) throw new AppError(422, orderMessages.noGateway);
    if (!offered.includes(choice.paymentGateway)) {
      throw new AppError(400, orderMessages.gatewayNotOffered, {
        errors: [{ field: 'paymentGateway', message: orderMessages.gatewayNotOffered }],
      });
    }
    gateway = choice.paymentGateway;
    if (needsUsdConversion(gateway, draft.currency)) {
      if (!choice.convertToUsd) throw new AppError(422, orderMessages.conversionNotConfirmed);
      chargeCurrency = 'USD';
      chargeTotalMinor = mulDivRound(
        draft.totalMinor,
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

  const expiresAt = new Date(Date.now() + deps.orderExpiryMs);
  const targets = draft.targets ?? [];
  const order = await deps.db.transaction(async (tx) => {
    await draft.guard?.(tx);
    const [row] = await tx
      .insert(orders)
      .values({
        reference: newOrderReference(),
        companyId: owner.companyId,
        customerId: owner.customerId,
        kind: draft.kind,
        gateway,
        bypassesPayment: choice.byPassflag === 1,
        isTest,
        currency: draft.currency,
        costMinor: draft.costMinor,
        discountMinor: draft.discountMinor,
        taxMinor: draft.taxMinor,
        arrearsMinor: draft.arrearsMinor ?? 0,
        totalMinor: draft.totalMinor,
        taxBasisPoints: draft.taxBasisPoints,
        taxBasis: draft.taxBasis,
        chargeCurrency,
        chargeTotalMinor,
        productId: draft.productId,
        productName: draft.productName,
        operatingSystem: draft.operatingSystem,
        isGoldCopy: draft.isGoldCopy,
        requiresLicence: draft.requiresLicence,
        lines: draft.lines,
        regionId: draft.regionId,
        regionName: draft.regionName,
        periodDays: draft.periodDays,
        details: draft.details ?? null,
        language: context.language,
        expiresAt,
      })
      .returning();
    if (targets.length > 0) {
      await tx.insert(orderTargets).values(
        targets.map((target) => ({
          orderId: row!.id,
          vmId: target.vmId,
          companyId: owner.companyId,
          daysExtended: target.daysExtended ?? 0,
          costMinor: target.costMinor,
          arrearsMinor: target.arrearsMinor ?? 0,
        })),
      );
    }
    await deps.jobs.send(
      QUEUES.orderExpiry,
      { orderId: row!.id },
      { transaction: tx, startAfter: expiresAt, retryLimit: 5 },
    );
    return row!;
  });
  const vmIds = targets.map((target) => target.vmId);

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
    return { order: paid!, start: null, vmIds };
  }
  if (draft.requiresLicence || gateway === PESAPAL_GATEWAY) return { order, start: null, vmIds };
  try {
    return { order, start: await startOrderPayment(deps, order, context.origin), vmIds };
  } catch (error) {
    // A payment that could not be started leaves no pending order behind to hold the customer's
    // next attempt (a renewal in progress, …). A verified payment still settles it, should the
    // gateway have taken one after all.
    await deps.db
      .update(orders)
      .set({ status: 'failed', statusMessage: orderMessages.gatewayUnavailable })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    throw error;
  }
}
