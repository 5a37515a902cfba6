import { describe, expect, it } from 'vitest';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { toDetailsRequest } from './account-details';
import { requireText, validateMobileNumber } from './account-field-rules';
import { findCountryByCode, toCountryCodeOptions } from './country-options';
import { toLoginCodePath } from './login-code-path';

const southAfrica = {
  countryCode: '+27',
  countryName: 'South Africa',
  isoCode: 'ZA',
  mobileNoMinLength: 9,
  mobileNoMaxLength: 9,
  currency: 'ZAR',
  taxValue: 15,
};
const korea = {
  ...southAfrica,
  countryCode: '+82',
  countryName: 'South Korea',
  isoCode: 'KR',
  mobileNoMinLength: 9,
  mobileNoMaxLength: 10,
};

describe('validateMobileNumber', () => {
  it("needs a number whose length is within the chosen country's limits", () => {
    expect(validateMobileNumber('', southAfrica)).toBe(accountMessages.mobileRequired);
    expect(validateMobileNumber('82123456', southAfrica)).toBe(accountMessages.mobileInvalid);
    expect(validateMobileNumber('821234567', southAfrica)).toBeNull();
    expect(validateMobileNumber('1012345678', korea)).toBeNull();
    expect(validateMobileNumber('10123456789', korea)).toBe(accountMessages.mobileInvalid);
  });

  it('leaves the length to the country field while none is chosen', () => {
    expect(validateMobileNumber('1', null)).toBeNull();
  });
});

describe('requireText', () => {
  it('is the message for a blank value', () => {
    expect(requireText('   ', accountMessages.cityRequired)).toBe('city name required');
    expect(requireText('Cape Town', accountMessages.cityRequired)).toBeNull();
  });
});

describe('the country choices', () => {
  it("read '+27 South Africa', keyed by country", () => {
    expect(toCountryCodeOptions([southAfrica, korea], 'en')).toEqual([
      { value: 'ZA', label: '+27 South Africa' },
      { value: 'KR', label: '+82 South Korea' },
    ]);
    expect(toCountryCodeOptions([southAfrica, korea], 'ko').map((option) => option.label)).toEqual([
      expect.stringMatching(/^\+27 남아프리카/),
      '+82 대한민국',
    ]);
    expect(findCountryByCode([southAfrica, korea], '+82')?.isoCode).toBe('KR');
    expect(findCountryByCode([southAfrica], '+1')).toBeNull();
  });
});

describe('toDetailsRequest', () => {
  const values = {
    firstName: 'Thandi',
    lastName: 'Nkosi',
    emailID: 'thandi@example.co.za',
    countryIso: 'ZA',
    contactNo: '825550199',
    companyName: '',
    vatNumber: '',
    address: '12 Long Street',
    region: 'South Africa',
    city: 'Cape Town',
    state: 'Western Cape',
    postCode: '8001',
  };

  it("sends the chosen country's dialling code in place of the country", () => {
    const { countryIso: _countryIso, ...rest } = values;
    expect(toDetailsRequest(values, [southAfrica, korea])).toEqual({
      ...rest,
      countryCode: '+27',
    });
  });

  it('sends an empty dialling code while no country is chosen or the list has not loaded', () => {
    expect(toDetailsRequest({ ...values, countryIso: '' }, [southAfrica]).countryCode).toBe('');
    expect(toDetailsRequest(values, undefined).countryCode).toBe('');
  });
});

describe('toLoginCodePath', () => {
  it('names flow 1 after sign-up and 2 after login (ADR 004)', () => {
    const ID = 'q3Vb_0-xYzq3Vb_0-xYzAb';
    expect(toLoginCodePath({ ID, emailId: 'a+b@x.co' }, 'signup')).toBe(
      `/loginotp/${ID}/a%2Bb%40x.co/1`,
    );
    expect(toLoginCodePath({ ID, emailId: 'a@x.co' }, 'login')).toBe(`/loginotp/${ID}/a%40x.co/2`);
  });
});
