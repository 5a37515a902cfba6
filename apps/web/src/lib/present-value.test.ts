import { describe, expect, it } from 'vitest';
import { addressLines, presentValue } from './present-value';

describe('presentValue', () => {
  it('trims a value', () => {
    expect(presentValue('  +27 21 555 0142 ')).toBe('+27 21 555 0142');
  });

  it('treats missing, blank and NA (any case) as no value', () => {
    expect(presentValue(null)).toBeNull();
    expect(presentValue(undefined)).toBeNull();
    expect(presentValue('   ')).toBeNull();
    expect(presentValue(' na ')).toBeNull();
    expect(presentValue('NA')).toBeNull();
  });
});

describe('addressLines', () => {
  it('keeps the given parts in order, trimmed', () => {
    expect(
      addressLines({ officeAddress: ' 125 Buitengracht St ', city: 'NA', country: 'South Africa' }),
    ).toEqual(['125 Buitengracht St', 'South Africa']);
  });

  it('is empty when none is given', () => {
    expect(addressLines({ officeAddress: null, city: '', country: 'na' })).toEqual([]);
  });
});
