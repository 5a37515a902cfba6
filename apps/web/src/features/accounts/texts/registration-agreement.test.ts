import { describe, expect, it } from 'vitest';
import type { TAgreement, TAgreementContext } from './registration-agreement';
import { createAgreement as createEnglish } from './registration-agreement.en';
import { createAgreement as createKorean } from './registration-agreement.ko';

const textOf = (agreement: TAgreement) =>
  [
    ...agreement.intro,
    ...agreement.sections.flatMap((section) => [...section.paragraphs, ...(section.items ?? [])]),
  ].join('\n');

const kenyan: TAgreementContext = {
  companyName: 'Baobab Hosting',
  brand: { countryIsoCode: 'KE', country: 'Kenya' },
};
const southAfrican: TAgreementContext = {
  companyName: 'Nimbus Africa Cloud',
  brand: { countryIsoCode: 'ZA', country: 'South Africa' },
};

describe('the built-in sign-up agreement', () => {
  it("asks a Kenyan company's customers to consent under Kenya's Data Protection Act, 2019", () => {
    const english = textOf(createEnglish(kenyan));
    expect(english).toContain("in line with Kenya's Data Protection Act, 2019");
    expect(english).toContain('Under the Data Protection Act you may:');
    expect(english).toContain('outside Kenya');
    expect(english).toContain('the Office of the Data Protection Commissioner (Kenya)');
    expect(english).toContain('Baobab Hosting');
    expect(english).not.toMatch(/POPIA|South Africa|Information Regulator/);

    const korean = textOf(createKorean(kenyan));
    expect(korean).toContain('케냐 데이터 보호법(Data Protection Act, 2019');
    expect(korean).toContain('데이터 보호법에 따라 귀하는');
    expect(korean).not.toMatch(/POPIA|남아프리카/);
  });

  it('keeps POPIA for a South African company', () => {
    const english = textOf(createEnglish(southAfrican));
    expect(english).toContain('Protection of Personal Information Act, 2013 ("POPIA")');
    expect(english).toContain('the Information Regulator (South Africa)');
    expect(textOf(createKorean(southAfrican))).toContain('POPIA에 따라 귀하는');
  });
});
