import { describe, expect, it } from 'vitest';
import { decodeRenewSelection, encodeRenewSelection, MAX_RENEW_SELECTION } from './renew-selection';

describe('renew selection', () => {
  it('encodes IDs comma separated and URL-encoded, and decodes them back', () => {
    expect(encodeRenewSelection([12, 15, 19])).toBe('12%2C15%2C19');
    expect(decodeRenewSelection('12%2C15%2C19')).toEqual([12, 15, 19]);
    // A router hands the value over already decoded.
    expect(decodeRenewSelection('12,15,19')).toEqual([12, 15, 19]);
    expect(decodeRenewSelection(encodeRenewSelection([7]))).toEqual([7]);
  });

  it('drops duplicates when encoding and keeps the order', () => {
    expect(encodeRenewSelection([5, 3, 5])).toBe('5%2C3');
  });

  it('allows at most 20 VMs and at least one', () => {
    const twenty = Array.from({ length: MAX_RENEW_SELECTION }, (_, index) => index + 1);
    expect(decodeRenewSelection(encodeRenewSelection(twenty))).toEqual(twenty);
    expect(() => encodeRenewSelection([...twenty, 21])).toThrow(RangeError);
    expect(() => encodeRenewSelection([])).toThrow(RangeError);
    expect(decodeRenewSelection([...twenty, 21].join(','))).toBeNull();
    expect(decodeRenewSelection('')).toBeNull();
  });

  it('refuses anything but distinct positive integer IDs', () => {
    expect(() => encodeRenewSelection([0])).toThrow(RangeError);
    expect(() => encodeRenewSelection([1.5])).toThrow(RangeError);
    expect(() => encodeRenewSelection([-3])).toThrow(RangeError);
    for (const value of ['0', '1,,2', '1,2,', 'a,b', '1;2', '1,1', '%E0%A4%A', '-1', '1 ,2']) {
      expect(decodeRenewSelection(value), value).toBeNull();
    }
  });
});
