import { and, count, desc, eq } from 'drizzle-orm';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { isSameAmount } from '@cloud-portal/contract/marketplace/configuration-rules';
import { formatMinor, type Minor } from '@cloud-portal/contract/pricing/money';
import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { operatingSystems, vmProducts } from '../../db/schema/catalogue';
import { savedVms } from '../../db/schema/saved-items';
import { AppError } from '../../errors';
import { isRegionOffered, quoteProductConfiguration } from '../marketplace/quote-configuration';

export const SAVED_VMS_PER_CUSTOMER = 100;

export type SaveVmInput = {
  productId: number;
  memory: number;
  disk: number;
  processor: number;
  regionId: number;
  days: number;
  totalAmount: Minor;
};

type Owner = { companyId: number; customerId: number };

/**
 * Saves a configuration for later, as the server prices it: the product must offer the counts,
 * region and period, and the total the customer saw must be the server's to the cent (409 with
 * the current quote otherwise). At most SAVED_VMS_PER_CUSTOMER per customer.
 */
export async function saveVmForLater(db: Database, owner: Owner, input: SaveVmInput) {
  const { details, quote } = await quoteProductConfiguration(
    db,
    owner.companyId,
    input.productId,
    { memory: input.memory, disk: input.disk, processor: input.processor },
    input.days,
  );
  if (!isRegionOffered(details, input.regionId)) {
    const message = marketplaceMessages.regionNotOffered;
    throw new AppError(400, message, { errors: [{ field: 'region', message }] });
  }
  if (!isSameAmount(input.totalAmount, quote.totalPayable)) {
    throw new AppError(409, marketplaceMessages.priceChanged, { quote });
  }
  const unitOf = (item: string, fallback: string) =>
    quote.lines.find((line) => line.item === item)?.unit ?? fallback;

  return db.transaction(async (tx) => {
    // One save at a time per customer, so two at once cannot both pass the cap.
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, owner.customerId))
      .for('update');
    const [existing] = await tx
      .select({ total: count() })
      .from(savedVms)
      .where(eq(savedVms.customerId, owner.customerId));
    if ((existing?.total ?? 0) >= SAVED_VMS_PER_CUSTOMER) {
      throw new AppError(422, marketplaceMessages.savedItemsFull);
    }
    const [row] = await tx
      .insert(savedVms)
      .values({
        companyId: owner.companyId,
        customerId: owner.customerId,
        productId: input.productId,
        memoryCount: input.memory,
        memoryUnit: unitOf('Memory', details.VMProductDetail.vm_RAM_Unit),
        processorCount: input.processor,
        processorUnit: 'cores',
        driveCount: input.disk,
        driveUnit: unitOf('Disk', details.VMProductDetail.vm_Driver_Unit),
        regionId: input.regionId === 0 ? null : input.regionId,
        timePeriodDays: input.days,
        totalAmountMinor: input.totalAmount,
        currency: details.VMProductDetail.vm_currency,
      })
      .returning({ id: savedVms.id });
    return { ID: row!.id };
  });
}

/** The customer's saved products, newest first (bounded by SAVED_VMS_PER_CUSTOMER). */
export async function listSavedVms(db: Database, owner: Owner): Promise<TSavedVm[]> {
  const rows = await db
    .select({
      saved: savedVms,
      vmName: vmProducts.name,
      osType: operatingSystems.name,
      imagePath: vmProducts.imagePath,
      isAvailable: vmProducts.isActive,
    })
    .from(savedVms)
    .innerJoin(vmProducts, eq(vmProducts.id, savedVms.productId))
    .innerJoin(operatingSystems, eq(operatingSystems.id, vmProducts.operatingSystemId))
    .where(and(eq(savedVms.customerId, owner.customerId), eq(savedVms.companyId, owner.companyId)))
    .orderBy(desc(savedVms.createdAt), desc(savedVms.id));
  return rows.map(({ saved, ...product }) => ({
    ID: saved.id,
    productID: saved.productId,
    vmName: product.vmName,
    ram_Count: saved.memoryCount,
    ram_Unit: saved.memoryUnit,
    disk_Count: saved.driveCount,
    disk_Unit: saved.driveUnit,
    cpu_Count: saved.processorCount,
    osType: product.osType,
    imagePath: product.imagePath,
    regionID: saved.regionId ?? 0,
    timePeriod: saved.timePeriodDays,
    totalAmount: formatMinor(saved.totalAmountMinor),
    currency: saved.currency,
    isAvailable: product.isAvailable,
    savedAt: saved.createdAt.toISOString(),
  }));
}

/** Deletes one of the caller's saved products; anyone else's is "not found", never touched. */
export async function deleteSavedVm(db: Database, owner: Owner, savedId: number): Promise<void> {
  const deleted = await db
    .delete(savedVms)
    .where(
      and(
        eq(savedVms.id, savedId),
        eq(savedVms.customerId, owner.customerId),
        eq(savedVms.companyId, owner.companyId),
      ),
    )
    .returning({ id: savedVms.id });
  if (deleted.length === 0) throw new AppError(404, marketplaceMessages.savedItemNotFound);
}
