import { describe, expect, it } from 'vitest';
import type { BillLabels } from './bill-labels';
import { backupBill, quoteBackupChoice } from './backup-bill';

const labels = {
  totalPrice: 'Total Price',
  tax: (percent: number) => `Tax(${percent}%)`,
  totalPayable: 'Total Payable Amount',
} as BillLabels;

/** 100 GB of disk at 2.00 per GB for 30 days (720 hours), 15 % tax. */
const pricing = { diskSize: 100, drive_Cost_PerUnit: '2.00', taxValue: 15 };

describe('quoteBackupChoice', () => {
  it('prices disk × drive cost per unit × hours: 2 weeks = 336 h → 93.33 + 14.00 tax', () => {
    // 100 × 200 cents × 336 / 720 = 9 333.33 → 9 333 cents; tax 1 399.95 → 1 400 cents.
    const quote = quoteBackupChoice(pricing, {
      cloneDuration: 2,
      cloneDurationType: 'Weekly',
      cloneOptionType: 'Snapshot',
    });
    expect(quote).toMatchObject({
      hours: 336,
      diskSize: 100,
      totalPrice: '93.33',
      taxAmount: '14.00',
      totalPayable: '107.33',
      cloneOptionType: 'Snapshot',
    });
  });

  it('prices 1 day as the screen opens (24 h → 6.67 + 1.00 tax)', () => {
    // 100 × 200 × 24 / 720 = 666.67 → 667 cents; tax 100.05 → 100 cents.
    expect(
      quoteBackupChoice(pricing, {
        cloneDuration: 1,
        cloneDurationType: 'Daily',
        cloneOptionType: '',
      }),
    ).toMatchObject({ hours: 24, totalPrice: '6.67', taxAmount: '1.00', totalPayable: '7.67' });
  });

  it('has no bill without a duration, or beyond a year', () => {
    for (const cloneDuration of [0, -1, 1.5]) {
      expect(
        quoteBackupChoice(pricing, {
          cloneDuration,
          cloneDurationType: 'Daily',
          cloneOptionType: 'Clone',
        }),
      ).toBeNull();
    }
    expect(
      quoteBackupChoice(pricing, {
        cloneDuration: 13,
        cloneDurationType: 'Monthly',
        cloneOptionType: 'Clone',
      }),
    ).toBeNull();
    expect(
      quoteBackupChoice(pricing, { cloneDuration: 1, cloneDurationType: '', cloneOptionType: '' }),
    ).toBeNull();
  });
});

describe('backupBill', () => {
  it('shows Total Price, Tax(percent) and Total Payable Amount', () => {
    const quote = quoteBackupChoice(pricing, {
      cloneDuration: 2,
      cloneDurationType: 'Weekly',
      cloneOptionType: 'Clone',
    });
    const bill = backupBill(quote, 15, labels);
    expect(bill.summary.map((row) => [row.label, row.amount])).toEqual([
      ['Total Price', '93.33'],
      ['Tax(15%)', '14.00'],
      ['Total Payable Amount', '107.33'],
    ]);
    expect(bill.convertible).toEqual({
      totalPrice: '93.33',
      discountAmount: '0.00',
      taxPercent: 15,
      taxAmount: '14.00',
      totalPayable: '107.33',
    });
  });

  it('shows zeros while the duration is missing', () => {
    expect(backupBill(null, 15, labels).summary.map((row) => row.amount)).toEqual([
      '0.00',
      '0.00',
      '0.00',
    ]);
  });
});
