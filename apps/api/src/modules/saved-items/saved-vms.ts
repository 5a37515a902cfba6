import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { isSameAmount } from '@cloud-portal/contract/marketplace/configuration-rules';
import { formatMinor, type Minor } from '@cloud-portal/contract/pricing/money';
import type { TSavedVm, TSaveVmAlreadySaved } from '@cloud-portal/contract/saved-items/saved-vm';
import type { Database, Transaction } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { operatingSystems, regions, vmProducts } from '../../db/schema/catalogue';
import { savedVms } from '../../db/schema/saved-items';
import { AppError } from '../../errors';
import { isRegionOffered, quoteProductConfiguration } from '../marketplace/quote-configuration';
import type { OwnerScope } from '../../tenancy/owner-scope';

export const SAVED_VMS_PER_CUSTOMER = 100;

type SaveVmInput = {
  productId: number;
  memory: number;
  disk: number;
  processor: number;
  regionId: number;
  days: number;
  totalAmount: Minor;
};

/** The saved item of this customer with exactly this configuration, if there is one. */
async function findSameConfiguration(tx: Transaction, owner: OwnerScope, input: SaveVmInput) {
  const [row] = await tx
    .select({ id: savedVms.id })
    .from(savedVms)
    .where(
      and(
        eq(savedVms.customerId, owner.customerId),
        eq(savedVms.companyId, owner.companyId),
        eq(savedVms.productId, input.productId),
        eq(savedVms.memoryCount, input.memory),
        eq(savedVms.driveCount, input.disk),
        eq(savedVms.processorCount, input.processor),
        eq(savedVms.timePeriodDays, input.days),
        input.regionId === 0 ? isNull(savedVms.regionId) : eq(savedVms.regionId, input.regionId),
      ),
    );
  return row ?? null;
}

/**
 * Saves a configuration for later, as the server prices it: the product must offer the counts,
 * region and period, and the total the customer saw must be the server's to the cent (409 with
 * the current quote otherwise). A configuration the customer has saved already (same product,
 * counts, period and region) is not saved twice: 409 'Already in your saved items' with its ID.
 * At most SAVED_VMS_PER_CUSTOMER per customer.
 */
export async function saveVmForLater(db: Database, owner: OwnerScope, input: SaveVmInput) {
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
  const values = {
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
  };

  return db.transaction(async (tx) => {
    // One save at a time per customer, so two at once cannot both pass the cap.
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, owner.customerId))
      .for('update');
    // The unique key on the configuration decides whether this is a second save of it.
    const [inserted] = await tx
      .insert(savedVms)
      .values(values)
      .onConflictDoNothing({
        target: [
          savedVms.customerId,
          savedVms.productId,
          savedVms.memoryCount,
          savedVms.driveCount,
          savedVms.processorCount,
          savedVms.timePeriodDays,
          savedVms.regionId,
        ],
      })
      .returning({ id: savedVms.id });
    if (!inserted) {
      const existing = await findSameConfiguration(tx, owner, input);
      const data: TSaveVmAlreadySaved = { ID: existing?.id ?? 0, isAlreadySaved: true };
      throw new AppError(409, marketplaceMessages.alreadySaved, data);
    }
    const [saved] = await tx
      .select({ total: count() })
      .from(savedVms)
      .where(eq(savedVms.customerId, owner.customerId));
    // Thrown inside the transaction: the row just written is rolled back with it.
    if ((saved?.total ?? 0) > SAVED_VMS_PER_CUSTOMER) {
      throw new AppError(422, marketplaceMessages.savedItemsFull);
    }
    return { ID: inserted.id };
  });
}

/** The customer's saved products, newest first (bounded by SAVED_VMS_PER_CUSTOMER). */
export async function listSavedVms(db: Database, owner: OwnerScope): Promise<TSavedVm[]> {
  const rows = await db
    .select({
      saved: savedVms,
      vmName: vmProducts.name,
      osType: operatingSystems.name,
      imagePath: vmProducts.imagePath,
      isAvailable: vmProducts.isActive,
      regionName: regions.name,
    })
    .from(savedVms)
    .innerJoin(vmProducts, eq(vmProducts.id, savedVms.productId))
    .innerJoin(operatingSystems, eq(operatingSystems.id, vmProducts.operatingSystemId))
    .leftJoin(regions, eq(regions.id, savedVms.regionId))
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
    regionName: product.regionName,
    timePeriod: saved.timePeriodDays,
    totalAmount: formatMinor(saved.totalAmountMinor),
    currency: saved.currency,
    isAvailable: product.isAvailable,
    savedAt: saved.createdAt.toISOString(),
  }));
}

/** Deletes one of the caller's saved products; anyone else's is "not found", never touched. */
export async function deleteSavedVm(
  db: Database,
  owner: OwnerScope,
  savedId: number,
): Promise<void> {
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
