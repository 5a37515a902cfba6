import { describe, expect, it } from 'vitest';
import { formatMinor, mulDivRound, percentOf, percentToBasisPoints, toMinor } from './money';
import { quoteVmRenewal, sumRenewals } from '../vms/renew-pricing';
import { costForPeriod, lineCost, quoteVm, renewArrears, zarToUsd } from './vm-pricing';

describe('money', () => {
  it('formats and parses 2-decimal amounts', () => {
    expect(formatMinor(12345)).toBe('123.45');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(toMinor('123.4')).toBe(12340);
    expect(toMinor('7')).toBe(700);
    expect(toMinor(19.99)).toBe(1999);
    expect(() => toMinor('1.234')).toThrow();
  });

  it('rounds half up in exact integer arithmetic', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(mulDivRound(1, 1, 3)).toBe(0); // 0.33 → 0
    expect(percentOf(10, 1500)).toBe(2); // 1.5 cents of tax → 2
    expect(percentOf(3, 1500)).toBe(0); // 0.45 → 0
    expect(percentOf(1001, 1500)).toBe(150); // 150.15 → 150
    expect(percentToBasisPoints(7.5)).toBe(750);
  });
});

describe('VM pricing (vm-lifecycle.md §4, §9)', () => {
  // Hand-worked: 4 GB × R50.00 + 80 GB × R1.50 + 2 vCPU × R75.00 = R200 + R120 + R150 = R470.00 per 30 days.
  const lines = [
    { name: 'Memory' as const, count: 4, costPerUnit: 5000 },
    { name: 'Disk' as const, count: 80, costPerUnit: 150 },
    { name: 'Processor' as const, count: 2, costPerUnit: 7500 },
  ];
  const noDiscount = { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 };

  it('costs a line as count × cost per unit, rescaled by days / 30', () => {
    expect(lineCost(4, 5000)).toBe(20000);
    expect(costForPeriod(20000, 30)).toBe(20000);
    expect(costForPeriod(20000, 90)).toBe(60000);
    expect(costForPeriod(20000, 7)).toBe(4667); // 4666.67 → 4667
  });

  it('quotes 30 days with 15 % VAT: R470.00 + R70.50 = R540.50', () => {
    const quote = quoteVm(lines, 30, 1500, noDiscount, 'beforeDiscount');
    expect(quote.total).toBe(47000);
    expect(quote.tax).toBe(7050);
    expect(quote.totalPayable).toBe(54050);
  });

  // 10 % on RAM (R20.00) + 5 % on disk (R6.00) + 0 on CPU = R26.00 off.
  const someDiscount = { ramDiscount: 1000, diskDiscount: 500, cpuDiscount: 0 };

  it('takes each line’s discount at its own percentage, and by default taxes the total before it (§4)', () => {
    const quote = quoteVm(lines, 30, 1500, someDiscount, 'beforeDiscount');
    expect(quote.lines.map((line) => line.discount)).toEqual([2000, 600, 0]);
    expect(quote.discount).toBe(2600);
    // Tax 15 % of R470.00 = R70.50; R470.00 − R26.00 + R70.50 = R514.50.
    expect(quote.taxableAmount).toBe(47000);
    expect(quote.tax).toBe(7050);
    expect(quote.totalPayable).toBe(51450);
  });

  it('taxes the discounted price for a company that chose tax after discount', () => {
    const quote = quoteVm(lines, 30, 1500, someDiscount, 'afterDiscount');
    expect(quote.discount).toBe(2600);
    // Tax 15 % of (R470.00 − R26.00 = R444.00) = R66.60; R444.00 + R66.60 = R510.60.
    expect(quote.taxableAmount).toBe(44400);
    expect(quote.tax).toBe(6660);
    expect(quote.totalPayable).toBe(51060);
  });

  it('rounds the tax on the discounted price half up', () => {
    // 7 days: lines 46.67 + 28.00 + 35.00 = 109.67; discount 4.67 (10 % of 46.67 = 4.667) +
    // 1.40 = 6.07; taxed 103.60 × 15 % = 15.54. Before discount: 109.67 × 15 % = 16.4505 → 16.45.
    const after = quoteVm(lines, 7, 1500, someDiscount, 'afterDiscount');
    expect(after.discount).toBe(607);
    expect(after.taxableAmount).toBe(10360);
    expect(after.tax).toBe(1554);
    expect(after.totalPayable).toBe(10967 - 607 + 1554);
    expect(quoteVm(lines, 7, 1500, someDiscount, 'beforeDiscount').tax).toBe(1645);
  });

  it('charges the same either way when nothing is discounted', () => {
    const before = quoteVm(lines, 90, 1500, noDiscount, 'beforeDiscount');
    expect(quoteVm(lines, 90, 1500, noDiscount, 'afterDiscount')).toEqual(before);
  });

  it('rescales every line for another period: 7 days of R470.00', () => {
    const quote = quoteVm(lines, 7, 1500, noDiscount, 'beforeDiscount');
    // R200×7/30 = 46.67, R120×7/30 = 28.00, R150×7/30 = 35.00
    expect(quote.lines.map((line) => line.cost)).toEqual([4667, 2800, 3500]);
    expect(quote.total).toBe(10967);
    expect(quote.tax).toBe(1645); // 16.4505 → 16.45
  });

  it('adds renew arrears of (cost + tax) / 30 × days extended', () => {
    expect(renewArrears(47000, 7050, 0)).toBe(0);
    expect(renewArrears(47000, 7050, 3)).toBe(5405); // 540.50 / 30 × 3 = 54.05
    // Two machines renewed for 30 days, of R470.00 (3 days extended) and R300.00 a month.
    const machine = (costPerUnit: number, daysExtended: number) =>
      quoteVmRenewal(
        {
          lines: [{ name: 'Memory', count: 1, unit: 'GB', costPerUnit }],
          taxBasisPoints: 1500,
          daysExtended,
        },
        30,
      );
    const renewal = sumRenewals([machine(47000, 3), machine(30000, 0)]);
    expect(renewal).toEqual({
      price: 77000,
      tax: 11550,
      arrears: 5405,
      daysExtended: 3,
      totalPayable: 77000 + 11550 + 5405,
    });
  });

  it('converts rand to US dollars at 0.063 for PayPal', () => {
    expect(zarToUsd(54050)).toBe(3405); // R540.50 × 0.063 = $34.0515 → $34.05
    expect(zarToUsd(100)).toBe(6); // R1.00 → $0.063 → $0.06
    expect(zarToUsd(8)).toBe(1); // 0.504 cents → 1 cent
  });
});
