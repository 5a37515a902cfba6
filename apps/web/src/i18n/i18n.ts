import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@cloud-portal/contract/company/company-rules';
import en from './en.json';
import ko from './ko.json';

const STORAGE_KEY = 'cloud-portal.language';
const FALLBACK_LANGUAGE: TLanguage = 'en';

export const SUPPORTED_LANGUAGES: readonly TLanguage[] = LANGUAGES;

/** Each language named in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { en: 'English', ko: '한국어' };

export function isSupportedLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function readChosenLanguage(): TLanguage | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isSupportedLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function storeChosenLanguage(language: TLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit.
  }
}

export function initI18n(): typeof i18next {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ko: { translation: ko satisfies typeof en } },
    lng: readChosenLanguage() ?? FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** The user's own choice: applied now and remembered for the next visit. */
export function chooseLanguage(language: TLanguage): void {
  storeChosenLanguage(language);
  void i18next.changeLanguage(language);
}

/** The company's `defaultLanguage` applies only while the user has not chosen one. */
export function applyCompanyDefaultLanguage(language: TLanguage): void {
  if (readChosenLanguage() === null && i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
}

export function getCurrentLanguage(language: string): TLanguage {
  return isSupportedLanguage(language) ? language : FALLBACK_LANGUAGE;
}
