import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import type { FixedSpecification } from './fixed-specifications';

type CatalogueLine = {
  specificationName: SpecificationName;
  specificationUnit: string;
  minValue: number;
  maxValue: number;
  sequence: number;
};

/**
 * The machine's sizes on its product's lines, in the product's order: the count is the machine's
 * own (RAM, vCPUs, disk), the range the product's.
 */
export function machineSpecifications(
  lines: readonly CatalogueLine[],
  sizes: { memory: number; disk: number; processor: number },
): FixedSpecification[] {
  const countOf: Record<SpecificationName, number> = {
    Memory: sizes.memory,
    Disk: sizes.disk,
    Processor: sizes.processor,
  };
  return [...lines]
    .sort((a, b) => a.sequence - b.sequence)
    .map((line) => ({
      name: line.specificationName,
      count: countOf[line.specificationName],
      unit: line.specificationUnit,
      minValue: line.minValue,
      maxValue: line.maxValue,
    }));
}
