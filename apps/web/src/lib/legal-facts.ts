import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { countryDisplayName } from './country-display-name';

/** The places in a data-protection law the built-in texts cite. */
export type TLawTopic =
  | 'lawfulBasis'
  | 'processors'
  | 'crossBorder'
  | 'retention'
  | 'security'
  | 'breach'
  | 'access'
  | 'correction'
  | 'directMarketing';

/** The data-protection law of a company's country, in one language's words. */
type TDataProtectionLaw = {
  /** How a text first names it: "South Africa's Protection of Personal Information Act, 2013 ("POPIA")". */
  fullName: string;
  /** How later sentences name it: "POPIA", "the Data Protection Act". */
  shortName: string;
  /** The authority a complaint goes to, and its website when known. */
  regulator: string;
  regulatorUrl: string | null;
  /** The person a company names for data-protection questions. */
  officerTitle: string;
  /** The law's words for the company and for those who process data for it. */
  controllerTerm: string;
  processorTerm: string;
  /** Section numbers by topic; a text leaves out a reference the law has none for. */
  sections: Partial<Record<TLawTopic, string>>;
};

type TLegalFacts = {
  /** The company's country: "Kenya". */
  country: string;
  /** Whose law governs the terms: "the Republic of Kenya". */
  jurisdiction: string;
  law: TDataProtectionLaw;
};

type KnownCountry = 'ZA' | 'KE';

/*
 * South Africa: Protection of Personal Information Act 4 of 2013. Kenya: Data Protection Act
 * No. 24 of 2019. Section numbers are the Acts' own, the same in every language.
 */
const SECTIONS: Record<KnownCountry, TDataProtectionLaw['sections']> = {
  ZA: {
    lawfulBasis: '11',
    processors: '21',
    crossBorder: '72',
    retention: '14',
    security: '19',
    breach: '22',
    access: '23',
    correction: '24',
    directMarketing: '69',
  },
  KE: {
    lawfulBasis: '30',
    processors: '42',
    crossBorder: '48',
    retention: '39',
    security: '41',
    breach: '43',
    access: '26',
    correction: '40',
    directMarketing: '37',
  },
};

const KNOWN: Record<TLanguage, Record<KnownCountry, TLegalFacts>> = {
  en: {
    ZA: {
      country: 'South Africa',
      jurisdiction: 'the Republic of South Africa',
      law: {
        fullName: 'South Africa\'s Protection of Personal Information Act, 2013 ("POPIA")',
        shortName: 'POPIA',
        regulator: 'the Information Regulator (South Africa)',
        regulatorUrl: 'https://inforegulator.org.za',
        officerTitle: 'Information Officer',
        controllerTerm: 'responsible party',
        processorTerm: 'operators',
        sections: SECTIONS.ZA,
      },
    },
    KE: {
      country: 'Kenya',
      jurisdiction: 'the Republic of Kenya',
      law: {
        fullName: "Kenya's Data Protection Act, 2019",
        shortName: 'the Data Protection Act',
        regulator: 'the Office of the Data Protection Commissioner (Kenya)',
        regulatorUrl: 'https://www.odpc.go.ke',
        officerTitle: 'Data Protection Officer',
        controllerTerm: 'data controller',
        processorTerm: 'data processors',
        sections: SECTIONS.KE,
      },
    },
  },
  ko: {
    ZA: {
      country: '남아프리카공화국',
      jurisdiction: '남아프리카공화국',
      law: {
        fullName:
          '남아프리카공화국 개인정보보호법(Protection of Personal Information Act, 2013, 이하 "POPIA")',
        shortName: 'POPIA',
        regulator: '남아프리카공화국 정보규제기관(Information Regulator)',
        regulatorUrl: 'https://inforegulator.org.za',
        officerTitle: '정보 책임자(Information Officer)',
        controllerTerm: '책임 당사자(responsible party)',
        processorTerm: '수탁자(operator)',
        sections: SECTIONS.ZA,
      },
    },
    KE: {
      country: '케냐',
      jurisdiction: '케냐 공화국',
      law: {
        fullName: '케냐 데이터 보호법(Data Protection Act, 2019, 이하 "데이터 보호법")',
        shortName: '데이터 보호법',
        regulator: '케냐 데이터 보호 위원회 사무국(Office of the Data Protection Commissioner)',
        regulatorUrl: 'https://www.odpc.go.ke',
        officerTitle: '데이터 보호 책임자(Data Protection Officer)',
        controllerTerm: '데이터 관리자(data controller)',
        processorTerm: '데이터 처리자(data processor)',
        sections: SECTIONS.KE,
      },
    },
  },
};

/** A country whose law the texts do not know by name: described, never guessed. */
function describeOtherCountry(country: string, language: TLanguage): TLegalFacts {
  return language === 'ko'
    ? {
        country,
        jurisdiction: country,
        law: {
          fullName: `${country}의 개인정보 보호 법률`,
          shortName: '관련 법률',
          regulator: `${country}의 개인정보 보호 감독기관`,
          regulatorUrl: null,
          officerTitle: '개인정보 보호 책임자',
          controllerTerm: '개인정보 관리자',
          processorTerm: '수탁자',
          sections: {},
        },
      }
    : {
        country,
        jurisdiction: country,
        law: {
          fullName: `the data protection law of ${country}`,
          shortName: 'that law',
          regulator: `the data protection authority of ${country}`,
          regulatorUrl: null,
          officerTitle: 'Data Protection Officer',
          controllerTerm: 'data controller',
          processorTerm: 'data processors',
          sections: {},
        },
      };
}

/** The country's name in the page's language, from its ISO code; the configured name otherwise. */
function countryName(
  isoCode: string | null,
  configured: string | null,
  language: TLanguage,
): string {
  const fallback =
    configured?.trim() || (language === 'ko' ? '회사 소재국' : "the company's country");
  return countryDisplayName(isoCode, fallback, language);
}

/**
 * The legal facts of the company's country (its data-protection law, whose law governs), in the
 * page's language: South Africa's POPIA and Kenya's Data Protection Act, 2019 by name, any other
 * country described without naming a law it may not have.
 */
export function getLegalFacts(
  company: { countryIsoCode: string | null; country: string | null },
  language: TLanguage,
): TLegalFacts {
  const known = company.countryIsoCode as KnownCountry | null;
  if (known !== null && known in KNOWN[language]) return KNOWN[language][known];
  return describeOtherCountry(
    countryName(company.countryIsoCode, company.country, language),
    language,
  );
}

/** "section 11 of POPIA" / "POPIA 제11조", or null when the law has no such section on record. */
export function citeLaw(
  law: TDataProtectionLaw,
  topic: TLawTopic,
  language: TLanguage,
): string | null {
  const section = law.sections[topic];
  if (section === undefined) return null;
  return language === 'ko'
    ? `${law.shortName} 제${section}조`
    : `section ${section} of ${law.shortName}`;
}
