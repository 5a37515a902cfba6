import { describe, expect, it } from 'vitest';
import type { PricedProduct } from '../marketplace/configuration-rules';
import {
  needsShutOff,
  quoteUpdate,
  remainingDays,
  updateChoiceErrors,
  updateLinePrice,
  updateMessages,
  type CurrentSizes,
} from './update-pricing';

const product: PricedProduct = {
  vmSpec: [
    {
      specificationName: 'Memory',
      specificationUnit: 'GB',
      specificationCount: 4,
      minValue: 2,
      maxValue: 16,
      size: 2,
      costPerUnit: '50.00',
      sequence: 1,
    },
    {
      specificationName: 'Disk',
      specificationUnit: 'GB',
      specificationCount: 40,
      minValue: 20,
      maxValue: 200,
      size: 10,
      costPerUnit: '1.50',
      sequence: 2,
    },
    {
      specificationName: 'Processor',
      specificationUnit: 'vCPU',
      specificationCount: 2,
      minValue: 1,
      maxValue: 8,
      size: 1,
      costPerUnit: '100.00',
      sequence: 3,
    },
  ],
  ramCpuDependecy: [],
  taxValue: 15,
  taxBasis: 'beforeDiscount',
  discount: { ramDiscount: 10, diskDiscount: 0, cpuDiscount: 0 },
  isPremium: false,
  serviceType: 'Simulator',
};
const current: CurrentSizes = { memory: 4, processor: 2, disk: 40, addedDisks: [20] };

describe('update pricing (vm-lifecycle.md §2.3, ADR 019)', () => {
  it('counts the days left, a part day as a day, at least one', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(remainingDays(new Date('2026-01-12T05:00:00Z'), now)).toBe(12);
    expect(remainingDays(new Date('2026-01-13T00:00:00Z'), now)).toBe(12);
    expect(remainingDays(new Date('2025-12-30T00:00:00Z'), now)).toBe(1);
  });

  it('charges growth × cost per unit × days / 30, and nothing for a smaller size', () => {
    expect(updateLinePrice(4, 8, 5000, 12)).toBe(8000);
    expect(updateLinePrice(8, 4, 5000, 12)).toBe(0);
    expect(updateLinePrice(40, 41, 150, 7)).toBe(35); // 150 × 7 / 30 = 35
    expect(updateLinePrice(40, 41, 100, 1)).toBe(3); // 3.33 → 3
  });

  it('bills RAM, CPU and disk growth for the days left, changed lines only (hand-worked)', () => {
    // 12 days: Memory +4 × 50.00 × 12/30 = 80.00; Processor +2 × 100.00 × 12/30 = 80.00;
    // Disk +20 × 1.50 × 12/30 = 12.00. Total 172.00, tax 15 % 25.80, payable 197.80.
    const quote = quoteUpdate(
      product,
      current,
      { updateType: 'RamAndCpu', memory: 8, processor: 4, disk: 60 },
      12,
    );
    expect(quote).toEqual({
      updateType: 'RamAndCpu',
      remainingDays: 12,
      lines: [
        { item: 'Memory', unit: 'GB', availableSize: 4, updatedSize: 8, price: '80.00' },
        { item: 'Disk', unit: 'GB', availableSize: 40, updatedSize: 60, price: '12.00' },
        { item: 'Processor', unit: 'vCPU', availableSize: 2, updatedSize: 4, price: '80.00' },
      ],
      totalPrice: '172.00',
      taxPercent: 15,
      taxAmount: '25.80',
      totalPayable: '197.80',
      needsShutOff: true,
    });
    const diskOnly = quoteUpdate(
      product,
      current,
      { updateType: 'RamAndCpu', memory: 4, processor: 2, disk: 50 },
      30,
    );
    expect(diskOnly.lines.map((line) => line.item)).toEqual(['Disk']);
    expect(diskOnly.totalPayable).toBe('17.25'); // 10 × 1.50 = 15.00 + 2.25
    expect(diskOnly.needsShutOff).toBe(false);
  });

  it('bills an added disk from the total disk up', () => {
    // 100 GB for 7 days: 100 × 1.50 × 7/30 = 35.00; tax 5.25; payable 40.25.
    const quote = quoteUpdate(product, current, { updateType: 'Disk', addDisk: 100 }, 7);
    expect(quote.lines).toEqual([
      { item: 'Disk', unit: 'GB', availableSize: 60, updatedSize: 160, price: '35.00' },
    ]);
    expect([quote.totalPrice, quote.taxAmount, quote.totalPayable]).toEqual([
      '35.00',
      '5.25',
      '40.25',
    ]);
    expect(quote.needsShutOff).toBe(false);
  });

  it('lists a smaller RAM at no charge', () => {
    const quote = quoteUpdate(
      product,
      current,
      { updateType: 'RamAndCpu', memory: 2, processor: 2, disk: 40 },
      10,
    );
    expect(quote.lines).toEqual([
      { item: 'Memory', unit: 'GB', availableSize: 4, updatedSize: 2, price: '0.00' },
    ]);
    expect(quote.totalPayable).toBe('0.00');
  });

  it('refuses what may not change', () => {
    const errorsOf = (choice: Parameters<typeof updateChoiceErrors>[2], sizes = current) =>
      updateChoiceErrors(product, sizes, choice).map((error) => error.message);
    expect(errorsOf({ updateType: 'RamAndCpu', memory: 4, processor: 2, disk: 30 })).toEqual([
      updateMessages.diskCannotShrink,
    ]);
    expect(errorsOf({ updateType: 'RamAndCpu', memory: 4, processor: 2, disk: 40 })).toEqual([
      updateMessages.nothingToUpdate,
    ]);
    expect(errorsOf({ updateType: 'RamAndCpu', memory: 18, processor: 2, disk: 40 })).toEqual([
      'Memory must be between 2 and 16 GB, in steps of 2',
    ]);
    expect(errorsOf({ updateType: 'Disk', addDisk: 0 })).toEqual([updateMessages.chooseDiskSize]);
    expect(errorsOf({ updateType: 'Disk', addDisk: 15 })).toEqual([
      'Disk must be between 10 and 200 GB, in steps of 10',
    ]);
    expect(errorsOf({ updateType: 'Disk', addDisk: 10 })).toEqual([]);
    expect(
      errorsOf({ updateType: 'Disk', addDisk: 10 }, { ...current, addedDisks: [20, 10] }),
    ).toEqual([updateMessages.maxDisks]);
    expect(
      updateChoiceErrors({ ...product, isPremium: true }, current, {
        updateType: 'Disk',
        addDisk: 10,
      }).map((error) => error.message),
    ).toEqual([updateMessages.fixedSpecification]);
  });

  it('needs the machine shut off only for RAM or CPU', () => {
    expect(
      needsShutOff(current, { updateType: 'RamAndCpu', memory: 4, processor: 3, disk: 40 }),
    ).toBe(true);
    expect(
      needsShutOff(current, { updateType: 'RamAndCpu', memory: 4, processor: 2, disk: 90 }),
    ).toBe(false);
    expect(needsShutOff(current, { updateType: 'Disk', addDisk: 10 })).toBe(false);
  });
});
