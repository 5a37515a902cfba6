import { describe, expect, it } from 'vitest';
import { getAnswerText } from './faq-content';
import { createFaq as createFaqEn } from './faq.en';
import { createFaq as createFaqKo } from './faq.ko';
import type { TBrandFacts, TLegalContext, TLegalDocument } from './legal-document';
import { createPrivacyPolicy as createPrivacyEn } from './privacy.en';
import { createPrivacyPolicy as createPrivacyKo } from './privacy.ko';
import { createTerms as createTermsEn } from './terms.en';
import { createTerms as createTermsKo } from './terms.ko';

const nimbus: TBrandFacts = {
  countryIsoCode: 'ZA',
  country: 'South Africa',
  timeZone: 'Africa/Johannesburg',
  supportHours: { days: [1, 2, 3, 4, 5], opensAt: '08:30', closesAt: '17:00' },
};
const baobab: TBrandFacts = {
  countryIsoCode: 'KE',
  country: 'Kenya',
  timeZone: 'Africa/Nairobi',
  supportHours: { days: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '18:00' },
};
const nigerian: TBrandFacts = { ...baobab, countryIsoCode: 'NG', country: 'Nigeria' };

const context = (brand: TBrandFacts): TLegalContext => ({
  companyName: 'Baobab Hosting',
  email: 'hello@baobabhosting.example',
  phone: '+254 20 765 4321',
  address: 'Delta Corner Tower, Nairobi, Kenya',
  website: 'http://127.0.0.2:3000',
  brand,
});

const textOf = (document: TLegalDocument) =>
  [
    document.title,
    ...document.intro,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.items ?? []),
      ...(section.closing ?? []),
    ]),
  ].join('\n');

describe('the privacy policy names the law of the company’s country', () => {
  it('POPIA and its sections for a South African company', () => {
    const text = textOf(createPrivacyEn(context(nimbus)));
    expect(text).toContain("South Africa's Protection of Personal Information Act, 2013");
    expect(text).toContain('Under section 11 of POPIA we process');
    expect(text).toContain('5. Transfers outside South Africa');
    expect(text).toContain('https://inforegulator.org.za');
    expect(text).toContain('12. Information Officer');
  });

  it("Kenya's Data Protection Act, 2019 and no trace of POPIA for a Kenyan company", () => {
    const text = textOf(createPrivacyEn(context(baobab)));
    expect(text).toContain("Kenya's Data Protection Act, 2019");
    expect(text).toContain('Under section 30 of the Data Protection Act we process');
    expect(text).toContain('(section 39 of the Data Protection Act)');
    expect(text).toContain('5. Transfers outside Kenya');
    expect(text).toContain(
      'the Office of the Data Protection Commissioner (Kenya), https://www.odpc.go.ke',
    );
    expect(text).toContain('12. Data Protection Officer');
    expect(text).toContain('we are the data controller');
    expect(text).not.toMatch(/POPIA|South Africa|Information Regulator|Information Officer/);

    const korean = textOf(createPrivacyKo(context(baobab)));
    expect(korean).toContain('케냐 데이터 보호법(Data Protection Act, 2019');
    expect(korean).toContain('데이터 보호법 제30조에 따라');
    expect(korean).toContain('케냐 밖에서');
    expect(korean).not.toMatch(/POPIA|남아프리카|Information Regulator/);
  });

  it('describes the law of another country without citing sections it does not know', () => {
    const text = textOf(createPrivacyEn(context(nigerian)));
    expect(text).toContain('the data protection law of Nigeria');
    expect(text).not.toMatch(/section \d|POPIA|Data Protection Act|Information Regulator/);
    expect(text).toContain('lodge a complaint with the data protection authority of Nigeria.');
  });
});

describe('the terms state the company’s business days, hours, time zone and law', () => {
  it('for a Kenyan company, in English and Korean', () => {
    const text = textOf(createTermsEn(context(baobab)));
    expect(text).toContain(
      '"Business Day" means Monday to Saturday, excluding public holidays in Kenya.',
    );
    expect(text).toContain(
      '"Business Hours" means 08:00 to 18:00 East Africa Time (Africa/Nairobi) on a Business Day.',
    );
    expect(text).toContain('governed by the law of the Republic of Kenya');
    expect(text).not.toMatch(/South Africa|SAST|08h30/);

    const korean = textOf(createTermsKo(context(baobab)));
    expect(korean).toContain('월요일~토요일 중 케냐 공휴일을 제외한 날');
    expect(korean).toContain('동아프리카 시간(Africa/Nairobi) 기준 08:00부터 18:00까지');
    expect(korean).toContain('케냐 공화국 법률을 준거법으로');
    expect(korean).not.toMatch(/남아프리카|SAST/);
  });

  it('for a South African company, the spec’s 08h30 to 17h00 in its own zone', () => {
    const text = textOf(createTermsEn(context(nimbus)));
    expect(text).toContain(
      '"Business Hours" means 08:30 to 17:00 South Africa Standard Time (Africa/Johannesburg)',
    );
    expect(text).toContain('the law of the Republic of South Africa');
  });
});

describe('the FAQ states the company’s support hours', () => {
  const hoursAnswer = (faq: ReturnType<typeof createFaqEn>) =>
    getAnswerText(
      faq.flatMap((topic) => topic.items).find((item) => item.id === 'business-hours')!.answer,
    );

  it('in its time zone and days, in English and Korean', () => {
    expect(hoursAnswer(createFaqEn({ brand: baobab }))).toContain(
      'Our business hours are 08:00 to 18:00 East Africa Time, Monday to Saturday.',
    );
    expect(hoursAnswer(createFaqKo({ brand: baobab }))).toContain(
      '업무 시간은 동아프리카 시간 기준 월요일~토요일, 08:00~18:00입니다.',
    );
    expect(hoursAnswer(createFaqEn({ brand: nimbus }))).toContain(
      '08:30 to 17:00 South Africa Standard Time, Monday to Friday',
    );
  });
});
