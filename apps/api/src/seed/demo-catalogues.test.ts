import { describe, expect, it } from 'vitest';
import {
  baseConfiguration,
  configurationErrors,
  cpuCountForMemory,
  type PricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import { formatMinor } from '@cloud-portal/contract/pricing/money';
import { buildBaobabCatalogue, buildNimbusCatalogue, type DemoProduct } from './demo-catalogues';

function toPricedProduct(product: DemoProduct): PricedProduct {
  return {
    vmSpec: product.specifications.map((line) => ({
      specificationName: line.name,
      specificationUnit: line.unit,
      specificationCount: line.baseCount,
      minValue: line.minValue,
      maxValue: line.maxValue,
      size: line.step,
      costPerUnit: formatMinor(line.costPerUnitMinor),
      sequence: line.sequence,
    })),
    ramCpuDependecy: product.ramCpuRules.map((rule) => ({
      ramStartLimit: rule.ramStart,
      ramEndLimit: rule.ramEnd,
      cpuCount: rule.cpuCount,
    })),
    taxValue: 15,
    taxBasis: 'beforeDiscount',
    discount: { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 },
    isPremium: product.isPremium ?? false,
    serviceType: product.serviceType,
  };
}

const demoProducts = [
  ...buildNimbusCatalogue('/licence.pdf', '/gpu.svg').products,
  ...buildBaobabCatalogue().products,
];

describe('the demo catalogues', () => {
  it.each(demoProducts.map((product) => [product.name, product] as const))(
    '%s opens with a valid configuration, and every memory on its slider gives an offered CPU count',
    (_name, product) => {
      const priced = toPricedProduct(product);
      expect(configurationErrors(priced, baseConfiguration(priced))).toEqual([]);
      const memory = product.specifications.find((line) => line.name === 'Memory')!;
      const processor = product.specifications.find((line) => line.name === 'Processor')!;
      for (let count = memory.minValue; count <= memory.maxValue; count += memory.step) {
        const cpu = cpuCountForMemory(priced.ramCpuDependecy, count);
        if (cpu === null) continue;
        expect(cpu).toBeGreaterThanOrEqual(processor.minValue);
        expect(cpu).toBeLessThanOrEqual(processor.maxValue);
        expect((cpu - processor.minValue) % processor.step).toBe(0);
      }
    },
  );
});
