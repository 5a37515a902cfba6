import { describe, expect, it } from 'vitest';
import { citeLaw, getLegalFacts } from './legal-facts';

describe('getLegalFacts', () => {
  it("names South Africa's POPIA and Kenya's Data Protection Act, 2019, in both languages", () => {
    const southAfrica = getLegalFacts({ countryIsoCode: 'ZA', country: 'South Africa' }, 'en');
    expect(southAfrica.country).toBe('South Africa');
    expect(southAfrica.jurisdiction).toBe('the Republic of South Africa');
    expect(southAfrica.law.shortName).toBe('POPIA');
    expect(southAfrica.law.regulator).toContain('Information Regulator');

    const kenya = getLegalFacts({ countryIsoCode: 'KE', country: 'Kenya' }, 'en');
    expect(kenya.law.fullName).toBe("Kenya's Data Protection Act, 2019");
    expect(kenya.law.regulator).toContain('Data Protection Commissioner');
    expect(kenya.law.officerTitle).toBe('Data Protection Officer');
    expect(kenya.jurisdiction).toBe('the Republic of Kenya');
    expect(JSON.stringify(kenya)).not.toMatch(/POPIA|South Africa|Information Regulator/);

    const kenyaKo = getLegalFacts({ countryIsoCode: 'KE', country: 'Kenya' }, 'ko');
    expect(kenyaKo.country).toBe('케냐');
    expect(kenyaKo.law.fullName).toContain('Data Protection Act, 2019');
    expect(JSON.stringify(kenyaKo)).not.toMatch(/POPIA|남아프리카/);
  });

  it('goes by the ISO code, not the configured name', () => {
    expect(getLegalFacts({ countryIsoCode: 'KE', country: 'South Africa' }, 'en').country).toBe(
      'Kenya',
    );
  });

  it('describes the law of any other country without naming one it may not have', () => {
    const nigeria = getLegalFacts({ countryIsoCode: 'NG', country: 'Nigeria' }, 'en');
    expect(nigeria.country).toBe('Nigeria');
    expect(nigeria.law.fullName).toBe('the data protection law of Nigeria');
    expect(nigeria.law.regulatorUrl).toBeNull();
    expect(nigeria.law.sections).toEqual({});
    expect(getLegalFacts({ countryIsoCode: 'NG', country: 'Nigeria' }, 'ko').country).toBe(
      '나이지리아',
    );
    expect(getLegalFacts({ countryIsoCode: null, country: ' Ghana ' }, 'en').country).toBe('Ghana');
  });
});

describe('citeLaw', () => {
  it("cites the law's own sections in the language's form", () => {
    const popia = getLegalFacts({ countryIsoCode: 'ZA', country: null }, 'en').law;
    expect(citeLaw(popia, 'retention', 'en')).toBe('section 14 of POPIA');
    const kenya = getLegalFacts({ countryIsoCode: 'KE', country: null }, 'en').law;
    expect(citeLaw(kenya, 'lawfulBasis', 'en')).toBe('section 30 of the Data Protection Act');
    const kenyaKo = getLegalFacts({ countryIsoCode: 'KE', country: null }, 'ko').law;
    expect(citeLaw(kenyaKo, 'breach', 'ko')).toBe('데이터 보호법 제43조');
  });

  it('cites nothing for a law whose sections are not on record', () => {
    const other = getLegalFacts({ countryIsoCode: 'NG', country: 'Nigeria' }, 'en').law;
    expect(citeLaw(other, 'retention', 'en')).toBeNull();
  });
});
