import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@cloud-portal/contract/company/company-rules';
import { LANGUAGE_COOKIE } from '@cloud-portal/contract/web/first-render';
import { readCookie } from '@/lib/session-cookie';
import en from './en.json';
import type contentEn from './content/en.json';
import type documentsEn from './documents/en.json';
import type accountsEn from './accounts/en.json';
import type marketplaceEn from './marketplace/en.json';
import type productsEn from './products/en.json';
import type checkoutEn from './checkout/en.json';
import type paymentResultEn from './payment-result/en.json';
import type receiptsEn from './receipts/en.json';
import type vmActionsEn from './vm-actions/en.json';
import type vmOrdersEn from './vm-orders/en.json';
import type publicIpEn from './public-ip/en.json';
import type lifecycleEn from './lifecycle/en.json';
import type operatorEn from './operator/en.json';
import type ticketsEn from './tickets/en.json';

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
  writeLanguageCookie(language);
}

/** The server writes a visitor's pages in the language this cookie names (ADR 022). */
function writeLanguageCookie(language: TLanguage): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * English (the fallback) ships with the app; every other language is its own small chunk,
 * fetched only by those who use it. The build fails when a language lacks a key English has.
 */
const translationLoaders: Record<Exclude<TLanguage, 'en'>, () => Promise<typeof en>> = {
  ko: () => import('./ko.json').then((module) => module.default satisfies typeof en),
};

/**
 * Texts only some pages need live in namespaces of their own, one chunk per language, so the
 * first download carries none of them: `content` (the information pages), `documents` (the
 * document viewer), `accounts` (login, sign-up, recovery, the profile and the signed-in
 * header), `marketplace` (the marketplace pages) and `products` (product configuration and saved
 * items), `checkout` (Buy Now's modals and the invoice), `paymentResult` (the gateway return and
 * result pages), `receipts` (the receipt viewer), `vmOrders` (the clone, snapshot, renew and
 * update screens), `operator` (the staff's console) and `tickets` (the Tickets tab, Raise New
 * Ticket and the ticket details). Each language's file must have every key English has.
 */
const namespaceLoaders = {
  content: {
    en: () => import('./content/en.json').then((module) => module.default),
    ko: () =>
      import('./content/ko.json').then((module) => module.default satisfies typeof contentEn),
  },
  documents: {
    en: () => import('./documents/en.json').then((module) => module.default),
    ko: () =>
      import('./documents/ko.json').then((module) => module.default satisfies typeof documentsEn),
  },
  accounts: {
    en: () => import('./accounts/en.json').then((module) => module.default),
    ko: () =>
      import('./accounts/ko.json').then((module) => module.default satisfies typeof accountsEn),
  },
  marketplace: {
    en: () => import('./marketplace/en.json').then((module) => module.default),
    ko: () =>
      import('./marketplace/ko.json').then(
        (module) => module.default satisfies typeof marketplaceEn,
      ),
  },
  products: {
    en: () => import('./products/en.json').then((module) => module.default),
    ko: () =>
      import('./products/ko.json').then((module) => module.default satisfies typeof productsEn),
  },
  checkout: {
    en: () => import('./checkout/en.json').then((module) => module.default),
    ko: () =>
      import('./checkout/ko.json').then((module) => module.default satisfies typeof checkoutEn),
  },
  paymentResult: {
    en: () => import('./payment-result/en.json').then((module) => module.default),
    ko: () =>
      import('./payment-result/ko.json').then(
        (module) => module.default satisfies typeof paymentResultEn,
      ),
  },
  receipts: {
    en: () => import('./receipts/en.json').then((module) => module.default),
    ko: () =>
      import('./receipts/ko.json').then((module) => module.default satisfies typeof receiptsEn),
  },
  vmActions: {
    en: () => import('./vm-actions/en.json').then((module) => module.default),
    ko: () =>
      import('./vm-actions/ko.json').then((module) => module.default satisfies typeof vmActionsEn),
  },
  vmOrders: {
    en: () => import('./vm-orders/en.json').then((module) => module.default),
    ko: () =>
      import('./vm-orders/ko.json').then((module) => module.default satisfies typeof vmOrdersEn),
  },
  publicIp: {
    en: () => import('./public-ip/en.json').then((module) => module.default),
    ko: () =>
      import('./public-ip/ko.json').then((module) => module.default satisfies typeof publicIpEn),
  },
  lifecycle: {
    en: () => import('./lifecycle/en.json').then((module) => module.default),
    ko: () =>
      import('./lifecycle/ko.json').then((module) => module.default satisfies typeof lifecycleEn),
  },
  operator: {
    en: () => import('./operator/en.json').then((module) => module.default),
    ko: () =>
      import('./operator/ko.json').then((module) => module.default satisfies typeof operatorEn),
  },
  tickets: {
    en: () => import('./tickets/en.json').then((module) => module.default),
    ko: () =>
      import('./tickets/ko.json').then((module) => module.default satisfies typeof ticketsEn),
  },
} satisfies Record<string, Record<TLanguage, () => Promise<object>>>;

export type LazyNamespace = keyof typeof namespaceLoaders;

export function isLazyNamespace(name: unknown): name is LazyNamespace {
  return typeof name === 'string' && Object.hasOwn(namespaceLoaders, name);
}

/** Namespaces a page has asked for: a language switch loads them before it takes effect. */
const usedNamespaces = new Set<LazyNamespace>();

/** The router starts loading the first page before `initI18n()` has finished. */
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

async function loadNamespaceBundle(namespace: LazyNamespace, language: TLanguage): Promise<void> {
  if (i18next.hasResourceBundle(language, namespace)) return;
  i18next.addResourceBundle(language, namespace, await namespaceLoaders[namespace][language]());
}

/**
 * Makes a namespace's texts ready in the current language; pages await it before they render
 * (the router's lazy loaders), so no key ever shows untranslated.
 */
export async function loadNamespace(namespace: LazyNamespace): Promise<void> {
  usedNamespaces.add(namespace);
  await ready;
  await loadNamespaceBundle(namespace, getCurrentLanguage(i18next.language));
}

/** The language pages render in, once `initI18n` has settled it. */
export async function settledLanguage(): Promise<TLanguage> {
  await ready;
  return getCurrentLanguage(i18next.language);
}

async function switchTo(language: TLanguage): Promise<void> {
  await Promise.all([
    language !== 'en' && !i18next.hasResourceBundle(language, 'translation')
      ? translationLoaders[language]().then((bundle) =>
          i18next.addResourceBundle(language, 'translation', bundle),
        )
      : undefined,
    ...[...usedNamespaces].map((namespace) => loadNamespaceBundle(namespace, language)),
  ]);
  await i18next.changeLanguage(language);
}

const OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/**
 * Resolves once the visitor's language is ready to render (at once for English): the one they
 * chose on an earlier visit, else `preferred` (the language a server-rendered page was written
 * in, the company's default), else English.
 */
export async function initI18n(preferred?: TLanguage): Promise<typeof i18next> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    ...OPTIONS,
    resources: { en: { translation: en } },
    lng: FALLBACK_LANGUAGE,
  });
  document.documentElement.lang = i18next.language;
  const chosen = readChosenLanguage();
  // A choice made before the cookie existed: the server learns it for the next page.
  if (chosen && readCookie(LANGUAGE_COOKIE) !== chosen) writeLanguageCookie(chosen);
  const language = chosen ?? preferred ?? FALLBACK_LANGUAGE;
  if (language !== FALLBACK_LANGUAGE) {
    // A failed fetch leaves the page in English rather than blank.
    await switchTo(language).catch(() => undefined);
  }
  markReady();
  return i18next;
}

/**
 * The server's first render: every language's texts at once (`resources`), so a page's
 * namespaces are there when its route asks; each request renders with its own `cloneInstance`.
 */
export async function initI18nWithResources(resources: Resource): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({ ...OPTIONS, resources, lng: FALLBACK_LANGUAGE });
  markReady();
  return i18next;
}

/** The user's own choice: applied now and remembered for the next visit. */
export function chooseLanguage(language: TLanguage): Promise<void> {
  storeChosenLanguage(language);
  return switchTo(language);
}

/** The company's `defaultLanguage` applies only while the user has not chosen one. */
export function applyCompanyDefaultLanguage(language: TLanguage): void {
  if (readChosenLanguage() === null && i18next.language !== language) {
    void switchTo(language).catch(() => undefined);
  }
}

export function getCurrentLanguage(language: string): TLanguage {
  return isSupportedLanguage(language) ? language : FALLBACK_LANGUAGE;
}
