import { describe, expect, it } from 'vitest';
import { MAX_RENEW_SELECTION } from '@cloud-portal/contract/vms/renew-selection';
import {
  isRestorable,
  isSelectable,
  renewPath,
  renewSelectedPath,
  toggleSelection,
} from './lifecycle-format';

describe('renewal links', () => {
  it('goes to /renewvm/{ID} and /renewMultipleVM/{encoded ids}', () => {
    expect(renewPath(12)).toBe('/renewvm/12');
    expect(renewSelectedPath([12, 15, 19])).toBe('/renewMultipleVM/12%2C15%2C19');
  });
});

describe('isSelectable', () => {
  it('refuses renewed and blocked rows', () => {
    expect(isSelectable({ isRenewed: 0, isBlocked: 0 })).toBe(true);
    expect(isSelectable({ isRenewed: 1, isBlocked: 0 })).toBe(false);
    expect(isSelectable({ isRenewed: 0, isBlocked: 1 })).toBe(false);
  });
});

describe('toggleSelection', () => {
  it('adds in order, removes, ignores repeats and stops at the limit', () => {
    expect(toggleSelection([], 3, true)).toEqual([3]);
    expect(toggleSelection([3], 1, true)).toEqual([3, 1]);
    expect(toggleSelection([3, 1], 3, true)).toEqual([3, 1]);
    expect(toggleSelection([3, 1], 3, false)).toEqual([1]);
    const full = Array.from({ length: MAX_RENEW_SELECTION }, (_, index) => index + 1);
    expect(toggleSelection(full, 99, true)).toEqual(full);
    expect(toggleSelection(full, 1, false)).toHaveLength(MAX_RENEW_SELECTION - 1);
  });
});

describe('isRestorable', () => {
  it('is true only while the end date is ahead', () => {
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(isRestorable({ endDate: '2026-05-01T10:00:01Z' }, now)).toBe(true);
    expect(isRestorable({ endDate: '2026-05-01T10:00:00Z' }, now)).toBe(false);
    expect(isRestorable({ endDate: null }, now)).toBe(false);
  });
});
