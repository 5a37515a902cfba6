import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import type {
  Configuration,
  PricedProduct,
  SpecificationLine,
} from '@cloud-portal/contract/marketplace/configuration-rules';

/** What the pricing rules need, from the product details answer (the server builds the same). */
export function toPricedProduct(details: TGetVmProductDetailsResponse): PricedProduct {
  return {
    vmSpec: details.vmSpec,
    ramCpuDependecy: details.ramCpuDependecy,
    taxValue: details.VMProductDetail.taxValue,
    discount: details.discount,
    isPremium: details.VMProductDetail.isPremium === 1,
    serviceType: details.VMProductDetail.serviceType,
  };
}

export const FIELD_BY_NAME = { Memory: 'memory', Disk: 'disk', Processor: 'processor' } as const;

export type ConfigurationField = keyof Configuration;

/** The specification lines in their `sequence` order. */
export function sortedLines(product: PricedProduct): SpecificationLine[] {
  return [...product.vmSpec].sort((a, b) => a.sequence - b.sequence);
}

/**
 * A slider position as a count the line offers: within min and max, on a step counted from min.
 * A drag can land past max when the range is not a whole number of steps; it stops at the last
 * step instead.
 */
export function snapToStep(line: SpecificationLine, value: number): number {
  const clamped = Math.min(Math.max(value, line.minValue), line.maxValue);
  if (line.size <= 0) return Math.round(clamped);
  const steps = Math.round((clamped - line.minValue) / line.size);
  const snapped = line.minValue + steps * line.size;
  return snapped > line.maxValue ? snapped - line.size : snapped;
}

/** The unit a line is counted in, or the product card's when the line is absent. */
export function unitOf(product: PricedProduct, name: SpecificationLine['specificationName']) {
  return product.vmSpec.find((line) => line.specificationName === name)?.specificationUnit ?? null;
}
