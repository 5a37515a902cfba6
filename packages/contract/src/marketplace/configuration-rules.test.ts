import { describe, expect, it } from 'vitest';
import {
  baseConfiguration,
  buyNowErrors,
  canAdjustSpecifications,
  configurationErrors,
  cpuCountForMemory,
  hidesSpecifications,
  quoteConfiguration,
  type PricedProduct,
} from './configuration-rules';

const product = (overrides: Partial<PricedProduct> = {}): PricedProduct => ({
  vmSpec: [
    // Out of sequence on purpose: the rules sort by sequence.
    {
      specificationName: 'Processor',
      specificationUnit: 'vCPU',
      specificationCount: 1,
      minValue: 1,
      maxValue: 6,
      size: 1,
      costPerUnit: '60.00',
      sequence: 3,
    },
    {
      specificationName: 'Memory',
      specificationUnit: 'GB',
      specificationCount: 2,
      minValue: 1,
      maxValue: 16,
      size: 1,
      costPerUnit: '45.00',
      sequence: 1,
    },
    {
      specificationName: 'Disk',
      specificationUnit: 'GB',
      specificationCount: 40,
      minValue: 20,
      maxValue: 500,
      size: 10,
      costPerUnit: '1.20',
      sequence: 2,
    },
  ],
  ramCpuDependecy: [
    { ramStartLimit: 1, ramEndLimit: 2, cpuCount: 1 },
    { ramStartLimit: 3, ramEndLimit: 4, cpuCount: 2 },
    { ramStartLimit: 5, ramEndLimit: 16, cpuCount: 6 },
  ],
  taxValue: 15,
  taxBasis: 'beforeDiscount',
  discount: { ramDiscount: 10, diskDiscount: 0, cpuDiscount: 5 },
  isPremium: false,
  serviceType: 'Proxmox VE',
  ...overrides,
});

describe('cpuCountForMemory', () => {
  it('finds the row covering the memory, bounds included, or null', () => {
    const rules = product().ramCpuDependecy;
    expect(cpuCountForMemory(rules, 1)).toBe(1);
    expect(cpuCountForMemory(rules, 2)).toBe(1);
    expect(cpuCountForMemory(rules, 3)).toBe(2);
    expect(cpuCountForMemory(rules, 16)).toBe(6);
    expect(cpuCountForMemory(rules, 17)).toBeNull();
    expect(cpuCountForMemory([], 4)).toBeNull();
  });
});

describe('baseConfiguration', () => {
  it('takes the base counts, the CPU following the memory', () => {
    expect(baseConfiguration(product())).toEqual({ memory: 2, disk: 40, processor: 1 });
    expect(baseConfiguration(product({ ramCpuDependecy: [] }))).toEqual({
      memory: 2,
      disk: 40,
      processor: 1,
    });
  });
});

describe('which products can be adjusted', () => {
  it('hides the lines of Node Weaver and Open Nebula, and locks premium products', () => {
    expect(hidesSpecifications('Node Weaver')).toBe(true);
    expect(hidesSpecifications('Open Nebula')).toBe(true);
    expect(hidesSpecifications('Proxmox VE')).toBe(false);
    expect(canAdjustSpecifications(product())).toBe(true);
    expect(canAdjustSpecifications(product({ isPremium: true }))).toBe(false);
    expect(canAdjustSpecifications(product({ serviceType: 'Open Nebula' }))).toBe(false);
  });
});

describe('configurationErrors', () => {
  it('accepts counts within range and on step, the CPU following memory', () => {
    expect(configurationErrors(product(), { memory: 4, disk: 100, processor: 2 })).toEqual([]);
    expect(configurationErrors(product(), { memory: 16, disk: 500, processor: 6 })).toEqual([]);
  });

  it('names every line out of range or off its step', () => {
    expect(configurationErrors(product(), { memory: 0, disk: 25, processor: 1 })).toEqual([
      { field: 'memory', message: 'Memory must be between 1 and 16 GB, in steps of 1' },
      { field: 'disk', message: 'Disk must be between 20 and 500 GB, in steps of 10' },
    ]);
    expect(configurationErrors(product(), { memory: 2.5, disk: 40, processor: 1 })[0]?.field).toBe(
      'memory',
    );
  });

  it('refuses a processor that does not follow the memory, and lets it free without a rule', () => {
    expect(configurationErrors(product(), { memory: 4, disk: 40, processor: 4 })).toEqual([
      { field: 'processor', message: 'The processor count follows the chosen memory' },
    ]);
    expect(
      configurationErrors(product({ ramCpuDependecy: [] }), { memory: 4, disk: 40, processor: 4 }),
    ).toEqual([]);
  });

  it('keeps premium and fixed-spec products at their base configuration', () => {
    const premium = product({ isPremium: true });
    expect(configurationErrors(premium, { memory: 2, disk: 40, processor: 1 })).toEqual([]);
    expect(configurationErrors(premium, { memory: 4, disk: 40, processor: 2 })).toEqual([
      { field: 'memory', message: 'Memory is fixed at 2 for this product' },
      { field: 'processor', message: 'Processor is fixed at 1 for this product' },
    ]);
  });
});

describe('quoteConfiguration', () => {
  it('prices every line for the period and applies tax and per-line discounts (§4)', () => {
    // 90 days: memory 4 × 45 × 3 = 540 (−54), disk 100 × 1.20 × 3 = 360, CPU 2 × 60 × 3 = 360
    // (−18); total 1260, tax 189, discount 72, payable 1377.
    expect(quoteConfiguration(product(), { memory: 4, disk: 100, processor: 2 }, 90)).toEqual({
      lines: [
        { item: 'Memory', size: 4, unit: 'GB', price: '540.00', discount: '54.00' },
        { item: 'Disk', size: 100, unit: 'GB', price: '360.00', discount: '0.00' },
        { item: 'Processor', size: 2, unit: 'vCPU', price: '360.00', discount: '18.00' },
      ],
      days: 90,
      totalPrice: '1260.00',
      discountAmount: '72.00',
      taxBasis: 'beforeDiscount',
      taxableAmount: '1260.00',
      taxPercent: 15,
      taxAmount: '189.00',
      totalPayable: '1377.00',
    });
  });

  it('taxes the price after the discount for a company that chose it', () => {
    // The same 90 days: total 1260.00 less the discount 72.00 = 1188.00 taxed; VAT 15 % =
    // 178.20; payable 1188.00 + 178.20 = 1366.20 (10.80 less than the spec's formula).
    expect(
      quoteConfiguration(
        product({ taxBasis: 'afterDiscount' }),
        { memory: 4, disk: 100, processor: 2 },
        90,
      ),
    ).toMatchObject({
      totalPrice: '1260.00',
      discountAmount: '72.00',
      taxBasis: 'afterDiscount',
      taxableAmount: '1188.00',
      taxPercent: 15,
      taxAmount: '178.20',
      totalPayable: '1366.20',
    });
    // 7 days of the smallest machine: 30.10 less 1.75 = 28.35 taxed; 4.2525 → 4.25; 32.60.
    expect(
      quoteConfiguration(
        product({ taxBasis: 'afterDiscount' }),
        { memory: 1, disk: 20, processor: 1 },
        7,
      ),
    ).toMatchObject({ taxableAmount: '28.35', taxAmount: '4.25', totalPayable: '32.60' });
  });

  it('prices 30 days when no period is chosen, and rounds a short period half up', () => {
    expect(quoteConfiguration(product(), { memory: 2, disk: 40, processor: 1 }, 0)).toMatchObject({
      days: 30,
      totalPrice: '198.00',
      taxAmount: '29.70',
      discountAmount: '12.00',
      totalPayable: '215.70',
    });
    // 7 days of 1 GB memory at 45.00: 45 × 7 / 30 = 10.50; 20 GB disk: 24 × 7/30 = 5.60;
    // 1 vCPU: 60 × 7 / 30 = 14.00. Total 30.10; tax 4.515 → 4.52; discount 1.05 + 0.70 = 1.75.
    expect(
      quoteConfiguration(product({ taxValue: 15 }), { memory: 1, disk: 20, processor: 1 }, 7),
    ).toMatchObject({
      totalPrice: '30.10',
      taxAmount: '4.52',
      discountAmount: '1.75',
      totalPayable: '32.87',
    });
  });
});

describe('buyNowErrors', () => {
  it('asks for the region and the period, both when both are missing (§5)', () => {
    expect(buyNowErrors({ regionID: 3, timePeriod: 30 })).toEqual([]);
    expect(buyNowErrors({ regionID: 0, timePeriod: 0 })).toEqual([
      { field: 'region', message: 'Please select Region' },
      { field: 'timePeriod', message: 'Please select Time Period' },
    ]);
    expect(buyNowErrors({ regionID: 0, timePeriod: 90 })).toEqual([
      { field: 'region', message: 'Please select Region' },
    ]);
  });
});
