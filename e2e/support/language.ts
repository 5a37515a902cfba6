import type { Page } from 'playwright-core';

/** The hosts the e2e portal answers on (cookies are shared across ports). */
const PORTAL_HOSTS = ['localhost', '127.0.0.1', '127.0.0.2'];

/**
 * Open pages in this language, as a visitor who chose it in the switch would: the choice is in
 * the browser's storage and in the cookie the server writes pages by (ADR 022).
 */
export async function useLanguage(page: Page, language: 'en' | 'ko'): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('cloud-portal.language', lang), language);
  await page
    .context()
    .addCookies(
      PORTAL_HOSTS.map((domain) => ({ name: 'cp_lang', value: language, domain, path: '/' })),
    );
}
