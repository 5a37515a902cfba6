import { describe, expect, it } from 'vitest';
import { daysExtendedSince, quoteVmRenewal, sumRenewals, toRenewQuote } from './renew-pricing';

// Hand-worked machine (ADR 018): 4 GB × R50.00 + 100 GB × R1.00 + 2 vCPU × R75.00
// = R200.00 + R100.00 + R150.00 = R450.00 for 30 days; tax 15 %.
const machine = {
  lines: [
    { name: 'Memory' as const, count: 4, unit: 'GB', costPerUnit: 5000 },
    { name: 'Disk' as const, count: 100, unit: 'GB', costPerUnit: 100 },
    { name: 'Processor' as const, count: 2, unit: 'vCPU', costPerUnit: 7500 },
  ],
  taxBasisPoints: 1500,
};

describe('daysExtendedSince', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('counts whole days since a passed end date', () => {
    expect(daysExtendedSince(new Date('2026-03-05T12:00:00Z'), now)).toBe(5);
    expect(daysExtendedSince('2026-03-05T12:00:01Z', now)).toBe(4); // 4 days 23:59:59
    expect(daysExtendedSince(new Date('2026-03-10T11:00:00Z'), now)).toBe(0); // an hour ago
  });
  it('is 0 before the end date and without one', () => {
    expect(daysExtendedSince(new Date('2026-04-01T00:00:00Z'), now)).toBe(0);
    expect(daysExtendedSince(null, now)).toBe(0);
  });
});

describe('quoteVmRenewal (vm-lifecycle.md §9)', () => {
  it('prices a machine in its period: 30 days, no arrears', () => {
    const amounts = quoteVmRenewal({ ...machine, daysExtended: 0 }, 30);
    expect(amounts.price).toBe(45_000);
    expect(amounts.tax).toBe(6_750);
    expect(amounts.arrears).toBe(0);
    expect(amounts.totalPayable).toBe(51_750);
  });

  it('scales the period by days / 30 and adds arrears on the 30-day price + tax', () => {
    // 90 days: R1350.00 + 15 % R202.50; expired 5 days: (R450 + R67.50) / 30 × 5 = R86.25.
    const amounts = quoteVmRenewal({ ...machine, daysExtended: 5 }, 90);
    expect(amounts.lines.map((line) => line.cost)).toEqual([60_000, 30_000, 45_000]);
    expect(amounts.price).toBe(135_000);
    expect(amounts.tax).toBe(20_250);
    expect(amounts.monthlyPrice).toBe(45_000);
    expect(amounts.monthlyTax).toBe(6_750);
    expect(amounts.arrears).toBe(8_625);
    expect(amounts.totalPayable).toBe(163_875);
  });

  it('rounds each line and the arrears half up to the cent', () => {
    // 1 GB × R10.00 + 1 GB × R0.01 + 1 vCPU × R0.00 = R10.01 / 30 days; 7 days: R2.33566… → R2.34
    // (10.00 × 7/30 = 2.3333 → 2.33; 0.01 × 7/30 = 0.0023 → 0.00), tax 15 % of R2.33 = R0.35;
    // arrears 1 day: (R10.01 + R1.50) / 30 = R0.38366… → R0.38.
    const amounts = quoteVmRenewal(
      {
        lines: [
          { name: 'Memory', count: 1, unit: 'GB', costPerUnit: 1000 },
          { name: 'Disk', count: 1, unit: 'GB', costPerUnit: 1 },
          { name: 'Processor', count: 1, unit: 'vCPU', costPerUnit: 0 },
        ],
        taxBasisPoints: 1500,
        daysExtended: 1,
      },
      7,
    );
    expect(amounts.price).toBe(233);
    expect(amounts.tax).toBe(35);
    expect(amounts.monthlyTax).toBe(150);
    expect(amounts.arrears).toBe(38);
    expect(amounts.totalPayable).toBe(233 + 35 + 38);
  });

  it('refuses a period under one day', () => {
    expect(() => quoteVmRenewal({ ...machine, daysExtended: 0 }, 0)).toThrow(RangeError);
    expect(() => quoteVmRenewal({ ...machine, daysExtended: -1 }, 30)).toThrow(RangeError);
  });

  it('writes the bill for the wire', () => {
    const quote = toRenewQuote(quoteVmRenewal({ ...machine, daysExtended: 5 }, 90), 15);
    expect(quote).toEqual({
      days: 90,
      lines: [
        { item: 'Memory', size: 4, unit: 'GB', price: '600.00' },
        { item: 'Disk', size: 100, unit: 'GB', price: '300.00' },
        { item: 'Processor', size: 2, unit: 'vCPU', price: '450.00' },
      ],
      totalPrice: '1350.00',
      taxPercent: 15,
      taxAmount: '202.50',
      monthlyPrice: '450.00',
      daysExtended: 5,
      arrears: '86.25',
      totalPayable: '1638.75',
    });
  });
});

describe('sumRenewals (§2.4)', () => {
  it('adds price, tax and each machine’s arrears', () => {
    // A: 30 days in its period: R450 + R67.50. B: 1 GB × R10, 10 GB × R1, 1 vCPU × R20 = R40
    // for 60 days = R80 + R12 tax, expired 3 days: (R40 + R6) / 30 × 3 = R4.60.
    const a = quoteVmRenewal({ ...machine, daysExtended: 0 }, 30);
    const b = quoteVmRenewal(
      {
        lines: [
          { name: 'Memory', count: 1, unit: 'GB', costPerUnit: 1000 },
          { name: 'Disk', count: 10, unit: 'GB', costPerUnit: 100 },
          { name: 'Processor', count: 1, unit: 'vCPU', costPerUnit: 2000 },
        ],
        taxBasisPoints: 1500,
        daysExtended: 3,
      },
      60,
    );
    expect(b.arrears).toBe(460);
    expect(sumRenewals([a, b])).toEqual({
      price: 45_000 + 8_000,
      tax: 6_750 + 1_200,
      arrears: 460,
      daysExtended: 3,
      totalPayable: 51_750 + 8_000 + 1_200 + 460,
    });
  });
});
