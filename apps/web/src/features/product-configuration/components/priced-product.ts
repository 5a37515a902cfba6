import type {
  PricedProduct,
  SpecificationLine,
} from '@cloud-portal/contract/marketplace/configuration-rules';

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
