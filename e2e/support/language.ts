import type { Page } from 'playwright-core';

/** Open pages in this language, as a visitor who chose it in the switch would. */
export async function useLanguage(page: Page, language: 'en' | 'ko'): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('cloud-portal.language', lang), language);
}
