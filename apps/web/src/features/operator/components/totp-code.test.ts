import { describe, expect, it } from 'vitest';
import { groupSecret, recoveryCodesFile } from './totp-code';

describe('totp-code', () => {
  it('groups a secret by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('ABCD')).toBe('ABCD');
  });

  it('writes the codes one a line under their heading', async () => {
    const text = await recoveryCodesFile(['a-1', 'b-2'], 'Codes').text();
    expect(text).toBe('Codes\n\na-1\nb-2\n');
  });
});
