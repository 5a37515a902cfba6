import { describe, expect, it } from 'vitest';
import type { PricedProduct } from '@cloud-portal/contract/marketplace/configuration-rules';
import { quoteUpdate } from '@cloud-portal/contract/vms/update-pricing';
import type { BillLabels } from './bill-labels';
import { updateBill } from './update-bill';
import { isProcessorLocked, sliderMinimum, snapCount, withCount } from './update-choice';

const product: PricedProduct = {
  vmSpec: [
    {
      specificationName: 'Memory',
      specificationUnit: 'GB',
      specificationCount: 4,
      minValue: 2,
      maxValue: 32,
      size: 2,
      costPerUnit: '60.00',
      sequence: 1,
    },
    {
      specificationName: 'Disk',
      specificationUnit: 'GB',
      specificationCount: 100,
      minValue: 50,
      maxValue: 1000,
      size: 50,
      costPerUnit: '2.00',
      sequence: 2,
    },
    {
      specificationName: 'Processor',
      specificationUnit: 'vCPU',
      specificationCount: 2,
      minValue: 1,
      maxValue: 16,
      size: 1,
      costPerUnit: '150.00',
      sequence: 3,
    },
  ],
  ramCpuDependecy: [
    { ramStartLimit: 2, ramEndLimit: 4, cpuCount: 2 },
    { ramStartLimit: 6, ramEndLimit: 8, cpuCount: 4 },
  ],
  taxValue: 15,
  taxBasis: 'beforeDiscount',
  discount: { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 },
  isPremium: false,
  serviceType: 'Simulator',
};

const current = { memory: 4, processor: 2, disk: 100, addedDisks: [] };
const start = { updateType: 'RamAndCpu' as const, memory: 4, processor: 2, disk: 100 };

describe('the update sliders', () => {
  it('moves the processor with the memory where the table covers it', () => {
    expect(withCount(product, start, 'Memory', 8)).toEqual({ ...start, memory: 8, processor: 4 });
    expect(isProcessorLocked(product, { ...start, memory: 8 })).toBe(true);
    // 12 GB is outside the table: the processor stays where it was and may move.
    expect(withCount(product, start, 'Memory', 12)).toEqual({ ...start, memory: 12 });
    expect(isProcessorLocked(product, { ...start, memory: 12 })).toBe(false);
    expect(withCount(product, start, 'Memory', 4)).toBe(start);
  });

  it('snaps to the steps from the minimum and stays in range', () => {
    expect(snapCount(7, 2, 32, 2)).toBe(8);
    expect(snapCount(5, 2, 32, 2)).toBe(6);
    expect(snapCount(40, 2, 32, 2)).toBe(32);
    expect(snapCount(-3, 0, 1000, 50)).toBe(0);
    expect(snapCount(3, 1, 16, 0)).toBe(3);
  });

  it('never lets the disk shrink below the machine’s own', () => {
    expect(sliderMinimum(product.vmSpec[1]!, current)).toBe(100);
    expect(sliderMinimum(product.vmSpec[0]!, current)).toBe(2);
  });
});

describe('updateBill', () => {
  const labels = {
    item: 'Item',
    availableSize: 'Available Size',
    updatedSize: 'Updated Size',
    price: 'Price',
    totalPrice: 'Total Price',
    tax: (percent: number) => `Tax(${percent}%)`,
    totalPayable: 'Total Payable Amount',
    specification: (name: string) => name,
  } as BillLabels;

  it('lists only the changed lines, priced for the days left', () => {
    // 15 days left: memory 4 → 8 GB: 4 × 60.00 × 15 / 30 = 120.00; processor 2 → 4: 2 × 150.00
    // × 15 / 30 = 150.00; the disk is unchanged and not listed. Tax 15 % of 270.00 = 40.50.
    const quote = quoteUpdate(product, current, withCount(product, start, 'Memory', 8), 15);
    const bill = updateBill(quote, labels);
    expect(bill.columns.map((column) => column.label)).toEqual([
      'Item',
      'Available Size',
      'Updated Size',
      'Price',
    ]);
    expect(bill.lines).toEqual([
      {
        key: 'memory',
        cells: { item: 'Memory', available: '4 GB', updated: '8 GB', price: '120.00' },
      },
      {
        key: 'processor',
        cells: { item: 'Processor', available: '2 vCPU', updated: '4 vCPU', price: '150.00' },
      },
    ]);
    expect(bill.summary.map((row) => [row.label, row.amount])).toEqual([
      ['Total Price', '270.00'],
      ['Tax(15%)', '40.50'],
      ['Total Payable Amount', '310.50'],
    ]);
    expect(quote.needsShutOff).toBe(true);
  });

  it('adds a disk as one Disk line from the total disk (Disk mode)', () => {
    // 50 GB more for 30 days: 50 × 2.00 = 100.00, tax 15.00; no power cycle needed.
    const quote = quoteUpdate(
      product,
      { ...current, addedDisks: [50] },
      { updateType: 'Disk', addDisk: 50 },
      30,
    );
    expect(updateBill(quote, labels).lines).toEqual([
      {
        key: 'disk',
        cells: { item: 'Disk', available: '150 GB', updated: '200 GB', price: '100.00' },
      },
    ]);
    expect(quote.totalPayable).toBe('115.00');
    expect(quote.needsShutOff).toBe(false);
  });
});
