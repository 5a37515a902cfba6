import { describe, expect, it } from 'vitest';
import {
  backupChoiceErrors,
  backupCost,
  backupExpiry,
  backupHours,
  backupMessages,
  quoteBackup,
} from './backup-pricing';

describe('backup pricing (vm-lifecycle.md §9, ADR 019)', () => {
  it('counts 24, 168 and 720 hours per unit of the period count', () => {
    expect(backupHours(1, 'Daily')).toBe(24);
    expect(backupHours(3, 'Daily')).toBe(72);
    expect(backupHours(2, 'Weekly')).toBe(336);
    expect(backupHours(1, 'Monthly')).toBe(720);
    expect(() => backupHours(0, 'Daily')).toThrow(RangeError);
  });

  it('charges disk × (30-day disk cost / 720) × hours, then tax on top', () => {
    // 40 GB at 1.50 per GB per 30 days, kept 2 weeks (336 h): 40 × 150 × 336 / 720 = 2800 cents.
    expect(backupCost(40, 150, 2, 'Weekly', 1500)).toEqual({
      hours: 336,
      cost: 2800,
      tax: 420,
      total: 3220,
    });
    // One day: 40 × 150 × 24 / 720 = 200 cents.
    expect(backupCost(40, 150, 1, 'Daily', 1500)).toEqual({
      hours: 24,
      cost: 200,
      tax: 30,
      total: 230,
    });
    // One month costs exactly the disk's 30-day price.
    expect(backupCost(40, 150, 1, 'Monthly', 1500).cost).toBe(6000);
  });

  it('rounds half up once, on the whole cost and on the tax', () => {
    // 25 × 100 × 24 / 720 = 83.33… → 83; 35 × 100 × 24 / 720 = 116.67 → 117.
    expect(backupCost(25, 100, 1, 'Daily', 0).cost).toBe(83);
    const cost = backupCost(35, 100, 1, 'Daily', 750);
    expect(cost).toEqual({ hours: 24, cost: 117, tax: 9, total: 126 }); // 117 × 7.5 % = 8.775 → 9
  });

  it('answers the wire bill as 2-decimal strings', () => {
    expect(
      quoteBackup(
        { diskSize: 40, drive_Cost_PerUnit: '1.50', taxValue: 15 },
        { cloneDuration: 2, cloneDurationType: 'Weekly', cloneOptionType: 'Snapshot' },
      ),
    ).toEqual({
      cloneOptionType: 'Snapshot',
      cloneDuration: 2,
      cloneDurationType: 'Weekly',
      diskSize: 40,
      hours: 336,
      totalPrice: '28.00',
      taxPercent: 15,
      taxAmount: '4.20',
      totalPayable: '32.20',
    });
  });

  it("gives the screen's messages, both when both are missing", () => {
    expect(
      backupChoiceErrors({ cloneDuration: 0, cloneDurationType: 'Daily', cloneOptionType: '' }),
    ).toEqual([
      { field: 'cloneDuration', message: backupMessages.selectDuration },
      { field: 'cloneOptionType', message: backupMessages.selectCloneType },
    ]);
    expect(
      backupChoiceErrors({ cloneDuration: 2, cloneDurationType: '', cloneOptionType: 'Clone' }),
    ).toEqual([{ field: 'cloneDuration', message: backupMessages.selectDuration }]);
    expect(
      backupChoiceErrors({
        cloneDuration: 13,
        cloneDurationType: 'Monthly',
        cloneOptionType: 'Clone',
      }),
    ).toEqual([{ field: 'cloneDuration', message: backupMessages.durationTooLong }]);
    expect(
      backupChoiceErrors({
        cloneDuration: 1,
        cloneDurationType: 'Daily',
        cloneOptionType: 'Clone',
      }),
    ).toEqual([]);
  });

  it('expires after the kept duration', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(backupExpiry(from, 2, 'Weekly').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(backupExpiry(from, 1, 'Monthly').toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});
