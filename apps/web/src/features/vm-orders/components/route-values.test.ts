import { describe, expect, it } from 'vitest';
import { readVmId } from './route-values';

describe('readVmId', () => {
  it('reads a positive whole number', () => {
    expect(readVmId('1')).toBe(1);
    expect(readVmId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses anything else, so no call is made', () => {
    for (const value of [
      undefined,
      '',
      '0',
      '-1',
      '1.5',
      'abc',
      '12abc',
      ' 1',
      '2147483648',
      '99999999999',
    ]) {
      expect(readVmId(value)).toBeNull();
    }
  });
});
