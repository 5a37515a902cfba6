import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { formatMinor, mulDivRound } from '@cloud-portal/contract/pricing/money';
import {
  quoteVmRenewal,
  sumRenewals,
  type MultiRenewalAmounts,
  type RenewalAmounts,
} from '@cloud-portal/contract/vms/renew-pricing';
import {
  multiRenewDataMessages,
  renewMessages,
  type RENEWABLE_VM_STATUSES,
  type TGetVmDataForMultipleRenewResponse,
  type TMultiRenewDataEntry,
  type TMultiRenewQuote,
  type ZRenewSelectedVmRequest,
} from '@cloud-portal/contract/vms/renew-vm';
import { totalDiskGb } from '@cloud-portal/contract/vms/machine-sizes';
import type { Database } from '../../../db/client';
import type { OrderedLine, OrderedMachine } from '../../../db/schema/orders';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { AppError } from '../../../errors';
import type { OrderDeps, PlacedOrder } from '../../orders/place-order';
import { loadRenewableVm, placeRenewalOrder, renewVmSpec, type RenewableVm } from './renew-vm';
import { VM_NOT_FOUND } from '../queries/own-vm';
import type { OwnerScope } from '../../../tenancy/owner-scope';

const ORDER_NAME_LENGTH = 200;

type PricedVm = RenewableVm & { amounts: RenewalAmounts };

type MultiRenewal = {
  vms: PricedVm[];
  total: MultiRenewalAmounts;
  currency: string;
  /** The gateways every machine's product offers, in the first product's order. */
  gateways: string[];
  /** Every machine's product may bypass the gateway. */
  bypassAllowed: boolean;
  /** The machines' common tax percent, or null when their products differ. */
  taxPercent: number | null;
};

/**
 * The selected machines priced for renewal (ADR 018): each must be the customer's (404), not
 * blocked (403), renewable (409) and of a product still sold (422); all must be priced in one
 * currency (422). Each is renewed for its own current period (`period_days`), with its own
 * arrears; the bill adds them up (§2.4).
 */
async function priceMultiRenewal(
  db: Database,
  owner: OwnerScope,
  vmIds: readonly number[],
  now: Date,
): Promise<MultiRenewal> {
  const vms: PricedVm[] = [];
  for (const id of vmIds) {
    const renewable = await loadRenewableVm(db, owner, id, now);
    if (renewable.vm.periodDays < 1) throw new AppError(409, renewMessages.noPeriod);
    vms.push({ ...renewable, amounts: quoteVmRenewal(renewable.basis, renewable.vm.periodDays) });
  }
  const currency = vms[0]!.currency;
  if (vms.some((vm) => vm.currency !== currency)) {
    throw new AppError(422, renewMessages.mixedCurrencies);
  }
  const gateways = vms[0]!.details.paymentGateway.filter((name) =>
    vms.every((vm) => vm.details.paymentGateway.includes(name)),
  );
  const taxPercent = vms[0]!.taxPercent;
  return {
    vms,
    total: sumRenewals(vms.map((vm) => vm.amounts)),
    currency,
    gateways,
    bypassAllowed: vms.every((vm) => vm.details.byPassflag === 1),
    taxPercent: vms.every((vm) => vm.taxPercent === taxPercent) ? taxPercent : null,
  };
}

function toMultiRenewQuote(total: MultiRenewalAmounts): TMultiRenewQuote {
  return {
    totalPrice: formatMinor(total.price),
    taxAmount: formatMinor(total.tax),
    daysExtended: total.daysExtended,
    arrears: formatMinor(total.arrears),
    totalPayable: formatMinor(total.totalPayable),
  };
}

/** getVMDataForMultipleRenew: each machine's renewal and their sum. */
export async function getVmDataForMultipleRenew(
  db: Database,
  owner: OwnerScope,
  vmIds: readonly number[],
  now: Date,
): Promise<TGetVmDataForMultipleRenewResponse> {
  const renewal = await priceMultiRenewal(db, owner, vmIds, now);
  const first = renewal.vms[0]!;
  return {
    VMProductDetail: renewal.vms.map(({ vm, details, amounts, taxPercent }) => ({
      ID: vm.id,
      vmName: vm.name,
      aliasName: vm.aliasName,
      osType: details.VMProductDetail.osType,
      cpu_Count: vm.vcpus,
      ram_Count: vm.ramGb,
      disk_Count: totalDiskGb(vm),
      renewDays: amounts.days,
      daysExtended: amounts.daysExtended,
      vm_Cost: formatMinor(amounts.price),
      taxValue: taxPercent,
      taxAmount: formatMinor(amounts.tax),
      arrears: formatMinor(amounts.arrears),
      totalPayable: formatMinor(amounts.totalPayable),
      endDate: vm.endsAt?.toISOString() ?? null,
      status: vm.status as (typeof RENEWABLE_VM_STATUSES)[number],
      serviceCategory: vm.serviceType,
      imagePath: details.VMProductDetail.imagePath,
    })),
    taxData: { currency: renewal.currency, taxValue: renewal.taxPercent },
    paymentGateway: renewal.gateways,
    byPassflag: renewal.bypassAllowed ? 1 : 0,
    vmSpec: renewVmSpec(first.vm, first.details),
    ramCpuDependecy: first.details.ramCpuDependecy,
    country: first.details.country,
    timePeriod: first.details.timePeriod,
    serviceCategory: first.vm.serviceType,
    parentVMId: first.vm.id,
    regionID: first.details.VMProductDetail.regionID,
    imagePath: first.details.VMProductDetail.imagePath,
    quote: toMultiRenewQuote(renewal.total),
  };
}

/**
 * The machines of a MultiRenewData list (the spec's multi-renew order): each entry's `ID`, else the
 * one machine of the customer's (deleted ones aside) with that `vmName`. A name no machine of
 * theirs has is 404; a name several have is 409 (the client must send IDs); the same machine
 * twice is 400.
 */
async function resolveMultiRenewData(
  db: Database,
  owner: OwnerScope,
  entries: readonly TMultiRenewDataEntry[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of entries) {
    if (entry.ID !== undefined) {
      ids.push(entry.ID);
      continue;
    }
    const name = entry.vmName!;
    const named = await db
      .select({ id: virtualMachines.id })
      .from(virtualMachines)
      .where(
        and(
          eq(virtualMachines.companyId, owner.companyId),
          eq(virtualMachines.customerId, owner.customerId),
          eq(virtualMachines.name, name),
          ne(virtualMachines.status, 'deleted'),
        ),
      )
      .limit(2);
    if (named.length === 0) throw new AppError(404, VM_NOT_FOUND);
    if (named.length > 1) throw new AppError(409, multiRenewDataMessages.ambiguousName(name));
    ids.push(named[0]!.id);
  }
  if (new Set(ids).size !== ids.length) {
    const message = multiRenewDataMessages.duplicate;
    throw new AppError(400, message, { errors: [{ field: 'MultiRenewData', message }] });
  }
  return ids;
}

/** One machine's lines as the order keeps them. */
const orderedLines = (amounts: RenewalAmounts): OrderedLine[] =>
  amounts.lines.map((line) => ({
    name: line.name,
    count: line.count,
    unit: line.unit,
    costMinor: line.cost,
    discountMinor: 0,
  }));

/** Each machine as billed, kept with the order so its invoice and receipt list them one by one. */
const orderedMachines = (vms: PricedVm[]): OrderedMachine[] =>
  vms.map(({ vm, details, amounts }) => ({
    vmId: vm.id,
    vmName: vm.aliasName?.trim() ? `${vm.aliasName.trim()} (${vm.name})` : vm.name,
    regionName: details.VMProductDetail.regionName ?? null,
    days: amounts.days,
    daysExtended: amounts.daysExtended,
    costMinor: amounts.price,
    taxMinor: amounts.tax,
    arrearsMinor: amounts.arrears,
    lines: orderedLines(amounts),
  }));

/** The order's lines: each specification summed over the machines (count and cost). */
function summedLines(vms: PricedVm[]): OrderedLine[] {
  const lines = new Map<string, OrderedLine>();
  for (const { amounts } of vms) {
    for (const line of amounts.lines) {
      const sum = lines.get(line.name);
      if (sum) {
        sum.count += line.count;
        sum.costMinor += line.cost;
      } else {
        lines.set(line.name, {
          name: line.name,
          count: line.count,
          unit: line.unit,
          costMinor: line.cost,
          discountMinor: 0,
        });
      }
    }
  }
  return [...lines.values()];
}

const common = <T>(values: T[]): T | null =>
  values.every((value) => value === values[0]) ? values[0]! : null;

type RenewSelectedInput = z.output<typeof ZRenewSelectedVmRequest>;

/**
 * renewSelectedVM (comes-from 5): one order for every selected machine (renewVMData's ids, else the
 * spec's MultiRenewData), with one target per machine (its period's cost and its arrears); total =
 * Σ price + Σ tax + Σ arrears, which the customer's total (totalAmount, else the spec's
 * totalAmountwithTax) must equal, in the quote's currency when one is sent (409 with data.quote
 * otherwise).
 */
export async function createMultiRenewOrder(
  deps: OrderDeps,
  owner: OwnerScope,
  input: RenewSelectedInput,
  context: { origin: string; language: TLanguage; now: Date },
): Promise<{ placed: PlacedOrder; daysExtended: number; countryCode: string }> {
  const vmIds =
    input.renewVMData ?? (await resolveMultiRenewData(deps.db, owner, input.MultiRenewData ?? []));
  const renewal = await priceMultiRenewal(deps.db, owner, vmIds, context.now);
  const { vms, total } = renewal;
  const customerTotal = input.totalAmount ?? input.totalAmountwithTax;
  const customerCurrency = input.currency?.toUpperCase();
  if (
    customerTotal !== total.totalPayable ||
    (customerCurrency !== undefined && customerCurrency !== renewal.currency)
  ) {
    throw new AppError(409, marketplaceMessages.priceChanged, {
      quote: toMultiRenewQuote(total),
    });
  }
  const products = vms.map((vm) => vm.details.VMProductDetail);
  // One tax percent for the order row: the machines' common one, else the effective rate.
  const taxBasisPoints =
    renewal.taxPercent !== null
      ? vms[0]!.basis.taxBasisPoints
      : total.price > 0
        ? mulDivRound(total.tax, 10_000, total.price)
        : 0;
  const placed = await placeRenewalOrder(
    deps,
    owner,
    {
      kind: ORDER_KINDS.multiRenew,
      currency: renewal.currency,
      costMinor: total.price,
      discountMinor: 0,
      taxMinor: total.tax,
      arrearsMinor: total.arrears,
      totalMinor: total.totalPayable,
      taxBasisPoints,
      taxBasis: vms[0]!.details.taxBasis,
      productId: common(products.map((product) => product.productID)),
      productName: vms
        .map(({ vm }) => vm.name)
        .join(', ')
        .slice(0, ORDER_NAME_LENGTH),
      operatingSystem: [...new Set(vms.map(({ vm }) => vm.operatingSystem))].join(', '),
      isGoldCopy: vms.every(({ vm }) => vm.isGoldCopy),
      requiresLicence: false,
      lines: summedLines(vms),
      regionId: common(products.map((product) => product.regionID)),
      regionName: common(products.map((product) => product.regionName)),
      periodDays: Math.max(...vms.map(({ amounts }) => amounts.days)),
      details: { machines: orderedMachines(vms) },
      targets: vms.map(({ vm, amounts }) => ({
        vmId: vm.id,
        daysExtended: amounts.daysExtended,
        costMinor: amounts.price,
        arrearsMinor: amounts.arrears,
      })),
    },
    {
      paymentGateway: input.paymentGateway,
      byPassflag: input.byPassflag,
      convertToUsd: input.convertToUsd,
      offeredGateways: renewal.gateways,
      bypassAllowed: renewal.bypassAllowed,
    },
    context,
  );
  return {
    placed,
    daysExtended: total.daysExtended,
    countryCode: common(products.map((product) => product.vm_countryCode)) ?? 'ZA',
  };
}
