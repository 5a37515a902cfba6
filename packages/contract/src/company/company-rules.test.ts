import { describe, expect, it } from 'vitest';
import { isCompanyConfigurationComplete, toBusinessUnitSlug } from './company-rules';

const complete = {
  contactNo: '+27 21 555 0142',
  country: 'South Africa',
  emailID: 'support@example.com',
  officeAddress: '125 Buitengracht Street',
  registrationAgreement: null,
  termCondition: null,
};

describe('isCompanyConfigurationComplete', () => {
  it('accepts a configuration whose documents fall back to the built-in texts', () => {
    expect(isCompanyConfigurationComplete(complete)).toBe(true);
    expect(
      isCompanyConfigurationComplete({ ...complete, termCondition: '/uploads/demo/terms.pdf' }),
    ).toBe(true);
  });

  it.each(['contactNo', 'country', 'emailID', 'officeAddress'] as const)(
    'needs %s to hold a value',
    (field) => {
      expect(isCompanyConfigurationComplete({ ...complete, [field]: null })).toBe(false);
      expect(isCompanyConfigurationComplete({ ...complete, [field]: '  ' })).toBe(false);
    },
  );

  it("treats country 'NA' as blank", () => {
    expect(isCompanyConfigurationComplete({ ...complete, country: 'NA' })).toBe(false);
  });

  it('needs the agreement and terms fields to be present in the answer', () => {
    const { registrationAgreement: _agreement, ...withoutAgreement } = complete;
    expect(isCompanyConfigurationComplete(withoutAgreement)).toBe(false);
    const { termCondition: _terms, ...withoutTerms } = complete;
    expect(isCompanyConfigurationComplete(withoutTerms)).toBe(false);
  });
});

describe('toBusinessUnitSlug', () => {
  it('drops slashes from a business name for its route', () => {
    expect(toBusinessUnitSlug('Backup/Disaster Recovery')).toBe('BackupDisaster Recovery');
    expect(toBusinessUnitSlug('Cloud Infrastructure')).toBe('Cloud Infrastructure');
  });
});
