import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, newPage, PHONE, screenshot } from './support/browser';
import { textContrast } from './support/contrast';
import { logIn, registerCustomer } from './support/customer';
import { startPortal, type Portal } from './support/portal';

let portal: Portal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** Opens a page and waits until it has settled (data loaded, lazy parts in). */
async function open(page: Page, pathName: string) {
  await page.goto(`${portal.url}${pathName}`);
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}

const PUBLIC_PAGES = [
  '/home',
  '/about',
  '/Faq',
  '/termcondition',
  '/privacypolicy',
  '/help',
  '/news',
  '/partnerCloudServices',
  '/businessunit/Cloud%20Infrastructure',
  '/businessunit/BackupDisaster%20Recovery',
  '/marketplace',
  '/marketplace/Kubernetes',
  '/customerlogin',
  '/signup',
  '/forgetpassword',
  '/newsletter',
  '/companynotregisteryet',
];

describe('WCAG 2.1 A and AA (axe-core)', () => {
  it.each(PUBLIC_PAGES)('%s has no violations for a visitor', async (pathName) => {
    const { page } = await newPage(browser);
    await open(page, pathName);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('the marketplace has none on a phone, in Korean', async () => {
    const { page } = await newPage(browser, { viewport: PHONE, locale: 'ko-KR' });
    await page.addInitScript(() => window.localStorage.setItem('cloud-portal.language', 'ko'));
    await open(page, '/marketplace');
    await page.locator('html[lang="ko"]').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'marketplace-phone-ko');
    await page.close();
  });

  describe('for a customer', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await newPage(browser));
      await logIn(page, portal, await registerCustomer(portal));
    });

    it.each([
      '/marketplace',
      '/productdetails/1',
      '/productdetails/5',
      '/SavedItem',
      '/customerprofile/2',
    ])('%s has no violations', async (pathName) => {
      await open(page, pathName);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('shows read-only values (a product’s region, the profile’s email) at AA contrast', async () => {
      await open(page, '/productdetails/1');
      const region = page.getByRole('textbox', { name: 'Region' });
      expect(await region.getAttribute('readonly')).not.toBeNull();
      expect(await region.isDisabled()).toBe(false);
      expect(await textContrast(region)).toBeGreaterThanOrEqual(4.5);

      await open(page, '/customerprofile/2');
      const email = page.getByRole('textbox', { name: 'Email', exact: true });
      await expect.poll(() => email.inputValue()).toContain('@example.co.za');
      expect(await email.getAttribute('readonly')).not.toBeNull();
      expect(await email.isDisabled()).toBe(false);
      expect(await textContrast(email)).toBeGreaterThanOrEqual(4.5);
      await screenshot(page, 'profile-email-read-only-en');
    });

    it('the share dialog and the Buy Now errors have none', async () => {
      await open(page, '/productdetails/1');
      await page.getByRole('button', { name: 'Buy Now' }).click();
      await page.getByText('Please select Time Period').first().waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
});
