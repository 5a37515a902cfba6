import { and, eq, sql } from 'drizzle-orm';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import {
  quoteConfiguration,
  toPricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import { DRIVE_COST_HOURS } from '@cloud-portal/contract/vms/backup-pricing';
import { machineConfiguration, type MachineSizes } from '@cloud-portal/contract/vms/machine-sizes';
import type { TVmOrderDetail } from '@cloud-portal/contract/vms/clone-vm';
import type { z } from 'zod';
import type { ZVmOrderCatalogue } from '@cloud-portal/contract/vms/clone-vm';
import type { Database } from '../../../db/client';
import { orders, vmRequests } from '../../../db/schema/orders';
import { orderTargets, vmBackups } from '../../../db/schema/virtual-machines';
import { AppError } from '../../../errors';
import { loadProductDetails } from '../../marketplace/product-details';
import { findOwnUsableVm, type BlockedAction, type VmRow } from '../queries/own-vm';
import { addedDisksOf } from '../queries/vm-sizes';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/**
 * What the clone, snapshot and update screens (and their order calls) know about one of the
 * customer's machines: the machine's row, its product's catalogue as it is today (the prices an
 * order is charged at), the disks added to it and, for a restored clone, its parent.
 */
export type VmOrderContext = {
  vm: VmRow;
  details: TGetVmProductDetailsResponse;
  addedDisks: number[];
  parentVmId: number | null;
  region: { id: number | null; name: string | null };
};

/** The machine's sizes, its added disks included (one source: vm-sizes.ts, ADR 019). */
export const sizesOf = (context: Pick<VmOrderContext, 'vm' | 'addedDisks'>): MachineSizes => ({
  ramGb: context.vm.ramGb,
  vcpus: context.vm.vcpus,
  diskGb: context.vm.diskGb,
  addedDisksGb: context.addedDisks,
});

/** The vm_requests status of a kind 2 or 4 order whose apply job gave up. */
export const APPLY_FAILED = 'apply-failed';
/** The vm_requests status of a kind 2 or 4 order that was applied. */
export const APPLIED = 'applied';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/**
 * Whether an update of the machine is under way: an order of kind 4 for it that is pending (and
 * not yet expired) or paid and neither applied nor given up.
 */
export async function hasUpdateInProgress(db: Database, vmId: number, now: Date) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderTargets, eq(orderTargets.orderId, orders.id))
    .leftJoin(vmRequests, eq(vmRequests.orderId, orders.id))
    .where(
      and(
        eq(orderTargets.vmId, vmId),
        eq(orders.kind, ORDER_KINDS.update),
        sql`((${orders.status} = 'pending' AND ${orders.expiresAt} > ${now.toISOString()}::timestamptz)
          OR (${orders.status} = 'paid' AND ${orders.appliedAt} IS NULL
              AND coalesce(${vmRequests.status}, '') <> ${APPLY_FAILED}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A restored clone's parent: the machine whose backup (made by the clone's order) it was. */
async function parentOf(db: Database, vm: VmRow): Promise<number | null> {
  if (!vm.isClone) return null;
  const [row] = await db
    .select({ vmId: vmBackups.vmId })
    .from(vmBackups)
    .where(and(eq(vmBackups.orderId, vm.orderId), eq(vmBackups.companyId, vm.companyId)));
  return row?.vmId ?? null;
}

async function regionOf(db: Database, vm: VmRow) {
  const [row] = await db
    .select({ id: orders.regionId, name: orders.regionName })
    .from(orders)
    .where(and(eq(orders.id, vm.orderId), eq(orders.companyId, vm.companyId)));
  return { id: row?.id ?? null, name: row?.name ?? null };
}

/**
 * The customer's own machine (404 otherwise; 403 with the tooltip when blocked for `action`),
 * with its product's catalogue (404 'This product is not available' when the product is gone).
 */
export async function loadVmOrderContext(
  db: Database,
  owner: OwnerScope,
  vmId: number,
  action: BlockedAction,
): Promise<VmOrderContext> {
  const vm = await findOwnUsableVm(db, owner, { id: vmId }, action);
  if (vm.productId === null) throw new AppError(404, marketplaceMessages.productNotFound);
  const [details, addedDisks, parentVmId, region] = await Promise.all([
    loadProductDetails(db, owner.companyId, vm.productId),
    addedDisksOf(db, vm.id),
    parentOf(db, vm),
    regionOf(db, vm),
  ]);
  return { vm, details, addedDisks, parentVmId, region };
}

/** The Disk line's cost per unit (30 days), as the wire writes it. */
export function driveCostPerUnit(details: TGetVmProductDetailsResponse): string {
  return details.vmSpec.find((line) => line.specificationName === 'Disk')?.costPerUnit ?? '0.00';
}

export function currencyOf(details: TGetVmProductDetailsResponse): string {
  return details.country?.currency ?? details.VMProductDetail.vm_currency;
}

/** §3 "VM detail for clone / snapshot / renew / update" in the spec's wire names. */
export function toVmOrderDetail(context: VmOrderContext): TVmOrderDetail {
  const { vm, details, addedDisks, parentVmId, region } = context;
  const product = details.VMProductDetail;
  const unitOf = (name: 'Memory' | 'Disk') =>
    details.vmSpec.find((line) => line.specificationName === name)?.specificationUnit ?? 'GB';
  // The machine's price for its period, all its disks included: what Renew shows and bills.
  const cost = quoteConfiguration(
    toPricedProduct(details),
    machineConfiguration(sizesOf(context)),
    vm.periodDays,
  );
  return {
    ID: vm.id,
    productID: product.productID,
    productName: product.productName,
    productDescription: product.productDescription,
    vmName: vm.name,
    aliasName: vm.aliasName,
    vm_Cost: cost.totalPrice,
    ram_Count: vm.ramGb,
    ram_Unit: unitOf('Memory'),
    cpu_Count: vm.vcpus,
    disk_Count: vm.diskGb,
    disk_Unit: unitOf('Disk'),
    addedDisks,
    currency: currencyOf(details),
    osType: product.osType,
    taxValue: product.taxValue,
    serviceCategory: vm.serviceType,
    validity: vm.periodDays,
    drive_Cost_PerUnit: driveCostPerUnit(details),
    driveCostHours: DRIVE_COST_HOURS,
    parentVMId: parentVmId,
    regionID: region.id,
    regionName: region.name,
    vm_region: region.name,
    countryID: details.country?.countryID ?? null,
    vm_countryCode: product.vm_countryCode,
    imagePath: product.imagePath,
    isGoldCopy: flag(vm.isGoldCopy),
    isBlocked: flag(vm.isBlocked),
    isClone: flag(vm.isClone),
    status: vm.status === 'deleted' ? 'failed' : vm.status,
    startDate: vm.startsAt?.toISOString() ?? null,
    endDate: vm.endsAt?.toISOString() ?? null,
  };
}

/** The catalogue part every kind 2 and 4 detail answer carries. */
export function toVmOrderCatalogue(
  details: TGetVmProductDetailsResponse,
): z.infer<typeof ZVmOrderCatalogue> {
  return {
    paymentGateway: details.paymentGateway,
    vmSpec: details.vmSpec,
    ramCpuDependecy: details.ramCpuDependecy,
    country: details.country,
    byPassflag: details.byPassflag,
    taxBasis: details.taxBasis,
    discount: details.discount,
    isPremium: details.VMProductDetail.isPremium,
  };
}
