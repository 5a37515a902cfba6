import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
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

async function openHome(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Our Reach' }).waitFor();
}

describe('the home page of a visitor', () => {
  it("shows the demo company's name, first three addresses and news", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(portal.url);
    await page.waitForURL(/\/home$/);
    await page.getByRole('heading', { name: 'Our Reach' }).waitFor();

    await expectVisible(page.getByRole('link', { name: 'Nimbus Africa Cloud home' }));
    await expect(page.title()).resolves.toContain('Nimbus Africa Cloud');

    const reach = page.locator('section', {
      has: page.getByRole('heading', { name: 'Our Reach' }),
    });
    await expect(reach.textContent()).resolves.toContain('Bandwidth Barn, 125 Buitengracht Street');
    const reachText = (await reach.textContent()) ?? '';
    for (const city of ['Cape Town', 'Johannesburg', 'Nairobi']) expect(reachText).toContain(city);
    expect(reachText).not.toContain('Durban');

    await expectVisible(page.getByRole('link', { name: 'Explore Cloud Infrastructure' }));
    await page.getByText('New Johannesburg availability zone is live').first().waitFor();
    await expectVisible(page.getByRole('button', { name: 'Benefits' }));
    await expect(page.getByTestId('footer-version').textContent()).resolves.toContain('v2.4.35');
    await expect(
      page.getByRole('img', { name: 'YouTube: Link not available' }).getAttribute('title'),
    ).resolves.toBe('Link not available');
    await screenshot(page, 'home-en-desktop');

    await page.getByRole('button', { name: 'Read More' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Johannesburg availability zone is live' });
    await dialog.waitFor();
    const link = dialog.getByRole('link', { name: /status\.nimbusafrica\.example/ });
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    await screenshot(page, 'home-news-dialog-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Benefits' }).click();
    await expectVisible(page.getByRole('link', { name: /Startup programme/ }));

    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the home page for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page, `${portal.url}/no/such/page`);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await expectVisible(page.getByRole('heading', { name: 'Our Products & Services' }));
    await context.close();
  });

  it('switches the header to Korean and remembers the choice', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page, `${portal.url}/home`);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: '한국어' }).click();

    const navigation = page.getByRole('navigation', { name: '주 메뉴' });
    await expectVisible(navigation.getByRole('link', { name: '홈' }));
    await expectVisible(navigation.getByRole('link', { name: '새소식' }));
    await expectVisible(page.getByRole('link', { name: '회원가입 / 로그인' }));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ko');
    await page.getByRole('heading', { name: '글로벌 거점' }).waitFor();
    await screenshot(page, 'home-ko-desktop');

    await page.reload();
    await expectVisible(page.getByRole('link', { name: '회원가입 / 로그인' }));
    await context.close();
  });

  it('keeps each company apart: the second origin shows the second brand only', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page, `${portal.secondUrl}/home`);
    await expectVisible(page.getByRole('link', { name: 'Baobab Hosting home' }));
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain('Baobab Hosting now accepts Pesapal');
    expect(text).toContain('Mombasa');
    expect(text).not.toContain('Nimbus');
    // No Benefits links configured: the dropdown is not shown.
    expect(await page.getByRole('button', { name: 'Benefits' }).count()).toBe(0);
    await screenshot(page, 'home-second-company');
    await context.close();
  });

  it('subscribes to the newsletter from the footer, then reports the duplicate', async () => {
    const { context, page } = await newPage(browser);
    await openHome(page, `${portal.url}/home`);
    const email = page.getByRole('textbox', { name: 'Email address' });
    await expect(email.getAttribute('placeholder')).resolves.toBe('Enter your Email Address');

    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Enter correct email').waitFor();

    await email.fill('  lindiwe@example.co.za ');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Subscribed successfully').waitFor();
    await expect(email.inputValue()).resolves.toBe('');

    await email.fill('LINDIWE@example.co.za');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('The email already exists').waitFor();
    await expect(email.inputValue()).resolves.toBe('');
    await context.close();
  });

  it('works on a 360 px phone with the menu in a drawer', async () => {
    for (const language of ['en', 'ko'] as const) {
      const { context, page } = await newPage(browser, { viewport: PHONE });
      await page.addInitScript(
        (lang) => localStorage.setItem('cloud-portal.language', lang),
        language,
      );
      await page.goto(`${portal.url}/home`);
      const menuName = language === 'en' ? 'Open menu' : '메뉴 열기';
      await page.getByRole('button', { name: menuName }).click();
      const drawer = page.getByRole('dialog', { name: 'Nimbus Africa Cloud' });
      await drawer.waitFor();
      await expectVisible(
        drawer.getByRole('link', { name: language === 'en' ? 'News' : '새소식' }),
      );
      await screenshot(page, `home-${language}-phone-menu`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${language}-phone`);
      await context.close();
    }
  });
});

describe('company start-up states', () => {
  it('sends visitors to the maintenance page, follows the redirect address, and returns home when live', async () => {
    await portal.setCompany('demo', {
      isInMaintenance: true,
      maintenanceMessage: 'Upgrading storage until 14:00 SAST.',
    });
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.url}/home`);
    await page.waitForURL(/\/undermaintenanceMode$/);
    await expect(page.getByTestId('maintenance-message').textContent()).resolves.toContain(
      'Upgrading storage until 14:00 SAST.',
    );
    await screenshot(page, 'maintenance-en');

    await portal.setCompany('demo', { isInMaintenance: false });
    await page.waitForURL(/\/home$/, { timeout: 40_000 });
    await page.getByRole('heading', { name: 'Our Reach' }).waitFor();

    await portal.setCompany('demo', {
      isInMaintenance: true,
      maintenanceRedirectUrl: `${portal.secondUrl}/home`,
    });
    await page.goto(`${portal.url}/home`);
    await page.waitForURL(`${portal.secondUrl}/home`);
    await portal.setCompany('demo', { isInMaintenance: false, maintenanceRedirectUrl: null });
    await context.close();
  });

  it("shows 'Company not registered yet' when required company details are missing", async () => {
    await portal.setCompany('demo-two', { contactNumber: null });
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.secondUrl}/home`);
    await page.waitForURL(/\/companynotregisteryet$/);
    await expectVisible(page.getByRole('heading', { name: 'Company not registered yet' }));
    await screenshot(page, 'company-not-registered');
    await portal.setCompany('demo-two', { contactNumber: '+254 20 765 4321' });
    await context.close();
  });
});

async function expectVisible(locator: ReturnType<Page['locator']>) {
  await locator.first().waitFor({ state: 'visible' });
}
