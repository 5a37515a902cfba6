import { describe, expect, it } from 'vitest';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { followBillingCountry } from './country-options';

const country = (isoCode: string, countryName: string, countryCode: string): TCountry => ({
  isoCode,
  countryName,
  countryCode,
  mobileNoMinLength: 9,
  mobileNoMaxLength: 9,
  currency: 'ZAR',
  taxValue: 15,
});
const southAfrica = country('ZA', 'South Africa', '+27');
const kenya = country('KE', 'Kenya', '+254');

describe('followBillingCountry', () => {
  it('fills an empty billing country with the phone country', () => {
    expect(followBillingCountry('', null, kenya)).toBe('Kenya');
  });

  it('follows the phone country while the billing country is the one filled in before', () => {
    expect(followBillingCountry('Kenya', kenya, southAfrica)).toBe('South Africa');
  });

  it("leaves a billing country the visitor chose, and does nothing when no country's picked", () => {
    expect(followBillingCountry('Namibia', kenya, southAfrica)).toBeNull();
    expect(followBillingCountry('', kenya, null)).toBeNull();
  });
});
