import type {
  TSpecificationLine,
  TVmProductCard,
} from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import type { vmProducts, vmProductSpecifications } from '../../db/schema/catalogue';

type ProductCardRow = Pick<
  typeof vmProducts.$inferSelect,
  | 'id'
  | 'name'
  | 'imagePath'
  | 'memoryCount'
  | 'memoryUnit'
  | 'diskCount'
  | 'diskUnit'
  | 'cpuCount'
  | 'currency'
  | 'costMinor'
  | 'validityDays'
  | 'serviceType'
  | 'isGoldCopy'
  | 'isPremium'
> & { osType: string; regionName: string | null };

export const flag = (value: boolean) => (value ? 1 : 0);
/** Basis points → the percent the wire carries (1500 → 15, 750 → 7.5). */
export const toPercent = (basisPoints: number) => basisPoints / 100;

type SpecificationRow = typeof vmProductSpecifications.$inferSelect;

/** A specification line on the wire; a visitor's line carries no cost. */
export function toSpecificationLine(
  row: SpecificationRow,
  taxBasisPoints: number,
  pricesVisible: boolean,
): TSpecificationLine {
  return {
    specificationName: row.name as SpecificationName,
    specificationUnit: row.unit,
    specificationCount: row.baseCount,
    minValue: row.minValue,
    maxValue: row.maxValue,
    size: row.step,
    ...(pricesVisible
      ? {
          costPerUnit: formatMinor(row.costPerUnitMinor),
          totalCost: formatMinor(row.baseCount * row.costPerUnitMinor),
        }
      : {}),
    sequence: row.sequence,
    tax: toPercent(taxBasisPoints),
  };
}

/** A product card on the wire; a visitor's card has no vm_Cost at all (not even null). */
export function toProductCard(row: ProductCardRow, pricesVisible: boolean): TVmProductCard {
  return {
    productID: row.id,
    productName: row.name,
    imagePath: row.imagePath,
    osType: row.osType,
    vm_RAM_Count: row.memoryCount,
    vm_RAM_Unit: row.memoryUnit,
    vm_Driver_Count: row.diskCount,
    vm_Driver_Unit: row.diskUnit,
    vm_CPU_Count: row.cpuCount,
    vm_Currency: row.currency,
    ...(pricesVisible ? { vm_Cost: formatMinor(row.costMinor) } : {}),
    vm_validity: row.validityDays,
    regionName: row.regionName,
    serviceType: row.serviceType,
    isGoldCopy: flag(row.isGoldCopy),
    isPremium: flag(row.isPremium),
  };
}
