import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { formatMinor, percentToBasisPoints, toMinor } from '@cloud-portal/contract/pricing/money';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import {
  daysExtendedSince,
  quoteVmRenewal,
  toRenewQuote,
  type RenewBasis,
  type RenewalAmounts,
} from '@cloud-portal/contract/vms/renew-pricing';
import {
  RENEWABLE_VM_STATUSES,
  renewMessages,
  type TGetVmDetailForRenewResponse,
  type ZRenewVmRequest,
} from '@cloud-portal/contract/vms/renew-vm';
import { machineLineSize, type MachineSizes } from '@cloud-portal/contract/vms/machine-sizes';
import type { Database } from '../../../db/client';
import type { OrderedLine } from '../../../db/schema/orders';
import { orders } from '../../../db/schema/orders';
import { orderTargets } from '../../../db/schema/virtual-machines';
import { AppError, isAppError } from '../../../errors';
import { loadProductDetails } from '../../marketplace/product-details';
import {
  placeOrder,
  type OrderDeps,
  type OrderDraft,
  type PaymentChoice,
  type PlacedOrder,
} from '../../orders/place-order';
import { assertNotBlocked, findOwnVm, type VmRow } from '../queries/own-vm';
import { addedDisksOf } from '../queries/vm-sizes';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/** Renewals (kind 3) and multi-renewals (kind 5): the kinds a machine's renewal comes in. */
export const RENEWAL_KINDS = [ORDER_KINDS.renew, ORDER_KINDS.multiRenew] as const;

/** The first key of the transaction-level advisory locks that serialise a machine's renewals. */
const RENEWAL_LOCK_SPACE = 0x52454e; // "REN"

export type RenewableVm = {
  vm: VmRow & MachineSizes;
  details: TGetVmProductDetailsResponse;
  basis: RenewBasis;
  /** Percent, as the product gives it. */
  taxPercent: number;
  currency: string;
};

/**
 * A machine the customer may renew, with what its renewal is priced from: the customer's own
 * (404 otherwise), not blocked (403 with the renew tooltip), in a renewable state (409), and its
 * product still sold (422). Its lines are its product's at the machine's current sizes.
 */
export async function loadRenewableVm(
  db: Database,
  owner: OwnerScope,
  vmId: number,
  now: Date,
): Promise<RenewableVm> {
  const row = await findOwnVm(db, owner, { id: vmId });
  assertNotBlocked(row, 'renew');
  if (!(RENEWABLE_VM_STATUSES as readonly string[]).includes(row.status) || row.endsAt === null) {
    throw new AppError(409, renewMessages.notRenewable);
  }
  if (row.productId === null) throw new AppError(422, renewMessages.productUnavailable);
  const vm = { ...row, addedDisksGb: await addedDisksOf(db, row.id) };
  let details: TGetVmProductDetailsResponse;
  try {
    details = await loadProductDetails(db, owner.companyId, row.productId);
  } catch (error) {
    if (isAppError(error) && error.status === 404)
      throw new AppError(422, renewMessages.productUnavailable);
    throw error;
  }
  const taxPercent = details.VMProductDetail.taxValue;
  const basis: RenewBasis = {
    lines: [...details.vmSpec]
      .sort((a, b) => a.sequence - b.sequence)
      .map((line) => ({
        name: line.specificationName,
        count: machineLineSize(vm, line.specificationName),
        unit: line.specificationUnit,
        costPerUnit: toMinor(line.costPerUnit),
      })),
    taxBasisPoints: percentToBasisPoints(taxPercent),
    daysExtended: daysExtendedSince(vm.endsAt, now),
  };
  const currency = details.country?.currency ?? details.VMProductDetail.vm_currency;
  return { vm, details, basis, taxPercent, currency };
}

/** The product's lines with the machine's billed sizes as specificationCount (and their cost). */
export function renewVmSpec(
  vm: MachineSizes,
  details: TGetVmProductDetailsResponse,
): TGetVmDetailForRenewResponse['vmSpec'] {
  return details.vmSpec.map((line) => {
    const count = machineLineSize(vm, line.specificationName);
    return {
      ...line,
      specificationCount: count,
      totalCost: formatMinor(count * toMinor(line.costPerUnit)),
    };
  });
}

/** getVMDetailForRenew: the machine, its product's terms and the bill for each period option. */
export async function getVmDetailForRenew(
  db: Database,
  owner: OwnerScope,
  vmId: number,
  now: Date,
): Promise<TGetVmDetailForRenewResponse> {
  const { vm, details, basis, taxPercent, currency } = await loadRenewableVm(db, owner, vmId, now);
  const product = details.VMProductDetail;
  const monthly = quoteVmRenewal({ ...basis, daysExtended: 0 }, 30);
  const lineOf = (name: SpecificationName) => basis.lines.find((line) => line.name === name);
  return {
    VMDetail: {
      ID: vm.id,
      vmName: vm.name,
      aliasName: vm.aliasName,
      productID: product.productID,
      productName: product.productName,
      productDescription: product.productDescription,
      vm_Cost: formatMinor(monthly.price),
      ram_Count: vm.ramGb,
      ram_Unit: lineOf('Memory')?.unit ?? product.vm_RAM_Unit,
      cpu_Count: vm.vcpus,
      disk_Count: machineLineSize(vm, 'Disk'),
      disk_Unit: lineOf('Disk')?.unit ?? product.vm_Driver_Unit,
      currency,
      osType: product.osType,
      taxValue: taxPercent,
      serviceCategory: vm.serviceType,
      validity: vm.periodDays,
      drive_Cost_PerUnit: formatMinor(lineOf('Disk')?.costPerUnit ?? 0),
      parentVMId: vm.id,
      regionID: product.regionID,
      regionName: product.regionName,
      countryID: details.country?.countryID ?? null,
      imagePath: product.imagePath,
      daysExtended: basis.daysExtended,
      vm_region: product.regionName,
      vm_countryCode: product.vm_countryCode,
      isGoldCopy: vm.isGoldCopy ? 1 : 0,
      startDate: vm.startsAt?.toISOString() ?? null,
      endDate: vm.endsAt?.toISOString() ?? null,
      status: vm.status as (typeof RENEWABLE_VM_STATUSES)[number],
    },
    vmSpec: renewVmSpec(vm, details),
    paymentGateway: details.paymentGateway,
    ramCpuDependecy: details.ramCpuDependecy,
    country: details.country,
    byPassflag: details.byPassflag,
    TimePeriod: details.timePeriod,
    discount: details.discount,
    quotes: details.timePeriod.map((period) =>
      toRenewQuote(quoteVmRenewal(basis, period.days), taxPercent),
    ),
  };
}

/** The order lines of a renewal: the machine's lines and what each costs for the period. */
function renewalLines(amounts: RenewalAmounts): OrderedLine[] {
  return amounts.lines.map((line) => ({
    name: line.name,
    count: line.count,
    unit: line.unit,
    costMinor: line.cost,
    discountMinor: 0,
  }));
}

/**
 * Places a renewal order only if none of its machines has a renewal in progress (a pending
 * renewal order not yet past its time, or a paid one not yet applied), else 409. The check and
 * the order's insert share one transaction (`placeOrder`'s guard) that first takes each
 * machine's advisory lock (in id order, so two multi-renewals cannot deadlock): of two requests
 * at once, the second waits and then sees the first's order. The payment starts after the commit;
 * one that cannot be started fails its order, so it does not block the customer's next attempt.
 */
export async function placeRenewalOrder(
  deps: OrderDeps,
  owner: OwnerScope,
  draft: OrderDraft,
  choice: PaymentChoice,
  context: { origin: string; language: TLanguage },
): Promise<PlacedOrder> {
  const vmIds = (draft.targets ?? []).map((target) => target.vmId);
  const guard = async (tx: Database) => {
    for (const id of [...vmIds].sort((a, b) => a - b)) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${RENEWAL_LOCK_SPACE}, ${id})`);
    }
    if (await hasRenewalInProgress(tx, owner.companyId, vmIds)) {
      throw new AppError(409, renewMessages.renewalInProgress);
    }
  };
  return placeOrder(deps, owner, { ...draft, guard }, choice, context);
}

/** Whether any of the machines has a pending (unexpired) or paid-but-unapplied renewal. */
async function hasRenewalInProgress(
  db: Database,
  companyId: number,
  vmIds: number[],
): Promise<boolean> {
  if (vmIds.length === 0) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orderTargets)
    .innerJoin(orders, sql`${orders.id} = ${orderTargets.orderId}`)
    .where(
      and(
        inArray(orderTargets.vmId, vmIds),
        sql`${orderTargets.companyId} = ${companyId}`,
        inArray(orders.kind, [...RENEWAL_KINDS]),
        sql`((${orders.status} = 'pending' AND ${orders.expiresAt} > now())
          OR (${orders.status} = 'paid' AND ${orders.appliedAt} IS NULL))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

type RenewVmInput = z.output<typeof ZRenewVmRequest>;

/**
 * renewVM (comes-from 3): one machine for a period the company sells, priced by the server from
 * the machine's current sizes; the customer's total must be the server's to the cent (409 with
 * data.quote otherwise). Answers the placed order and the days of arrears charged.
 */
export async function createRenewOrder(
  deps: OrderDeps,
  owner: OwnerScope,
  input: RenewVmInput,
  context: { origin: string; language: TLanguage; now: Date },
): Promise<{ placed: PlacedOrder; daysExtended: number; countryCode: string }> {
  const { vm, details, basis, taxPercent, currency } = await loadRenewableVm(
    deps.db,
    owner,
    input.productID,
    context.now,
  );
  if (!details.timePeriod.some((period) => period.days === input.timePeriod)) {
    const message = marketplaceMessages.timePeriodNotOffered;
    throw new AppError(400, message, { errors: [{ field: 'timePeriod', message }] });
  }
  const amounts = quoteVmRenewal(basis, input.timePeriod);
  if (input.totalAmount !== amounts.totalPayable) {
    throw new AppError(409, marketplaceMessages.priceChanged, {
      quote: toRenewQuote(amounts, taxPercent),
    });
  }
  const product = details.VMProductDetail;
  const placed = await placeRenewalOrder(
    deps,
    owner,
    {
      kind: ORDER_KINDS.renew,
      currency,
      costMinor: amounts.price,
      discountMinor: 0,
      taxMinor: amounts.tax,
      arrearsMinor: amounts.arrears,
      totalMinor: amounts.totalPayable,
      taxBasisPoints: basis.taxBasisPoints,
      taxBasis: details.taxBasis,
      productId: product.productID,
      productName: vm.name,
      operatingSystem: vm.operatingSystem,
      isGoldCopy: vm.isGoldCopy,
      requiresLicence: false,
      lines: renewalLines(amounts),
      regionId: product.regionID,
      regionName: product.regionName,
      periodDays: input.timePeriod,
      targets: [
        {
          vmId: vm.id,
          daysExtended: amounts.daysExtended,
          costMinor: amounts.price,
          arrearsMinor: amounts.arrears,
        },
      ],
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
  return {
    placed,
    daysExtended: amounts.daysExtended,
    countryCode: product.vm_countryCode ?? 'ZA',
  };
}
