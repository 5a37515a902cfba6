import {
  cpuCountForMemory,
  type PricedProduct,
  type SpecificationLine,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import type { TUpdateVmDetailResponse } from '@cloud-portal/contract/vms/update-vm';
import type { CurrentSizes, UpdateChoice } from '@cloud-portal/contract/vms/update-pricing';

export type RamAndCpuChoice = Extract<UpdateChoice, { updateType: 'RamAndCpu' }>;

/** The rules' view of the machine's product (update-pricing.ts prices with it). */
export function toUpdateProduct(data: TUpdateVmDetailResponse): PricedProduct {
  return {
    vmSpec: data.vmSpec,
    ramCpuDependecy: data.ramCpuDependecy,
    taxValue: data.VMDetail.taxValue,
    taxBasis: data.taxBasis,
    discount: data.discount,
    isPremium: data.isPremium === 1,
    serviceType: data.VMDetail.serviceCategory,
  };
}

/** The machine's sizes as they are now. */
export function currentSizes(data: TUpdateVmDetailResponse): CurrentSizes {
  const vm = data.VMDetail;
  return {
    memory: vm.ram_Count,
    processor: vm.cpu_Count,
    disk: vm.disk_Count,
    addedDisks: vm.addedDisks,
  };
}

/** A count on the line's steps from its minimum, within `min`…`max`. */
export function snapCount(value: number, min: number, max: number, step: number): number {
  const size = step > 0 ? step : 1;
  const snapped = min + Math.round((value - min) / size) * size;
  return Math.min(max, Math.max(min, snapped));
}

/** The lowest a slider goes in RamAndCpu mode: the line's minimum, and the disk never shrinks. */
export function sliderMinimum(line: SpecificationLine, current: CurrentSizes): number {
  return line.specificationName === 'Disk' ? Math.max(line.minValue, current.disk) : line.minValue;
}

const FIELD = { Memory: 'memory', Disk: 'disk', Processor: 'processor' } as const;

/**
 * A slider moved in RamAndCpu mode: that count changes and, where the product's table says so,
 * the processor follows the memory (§3 ramCpuDependecy).
 */
export function withCount(
  product: PricedProduct,
  choice: RamAndCpuChoice,
  name: SpecificationName,
  value: number,
): RamAndCpuChoice {
  const field = FIELD[name];
  if (choice[field] === value) return choice;
  const next = { ...choice, [field]: value };
  if (field === 'memory') {
    next.processor = cpuCountForMemory(product.ramCpuDependecy, value) ?? choice.processor;
  }
  return next;
}

/** Whether the processor slider follows the memory for this choice (and so cannot move). */
export function isProcessorLocked(product: PricedProduct, choice: RamAndCpuChoice): boolean {
  return cpuCountForMemory(product.ramCpuDependecy, choice.memory) !== null;
}
