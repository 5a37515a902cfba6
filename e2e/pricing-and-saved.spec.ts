import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
import { logIn, registerCustomer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';

/**
 * Issue 9: tax on the discounted price for a company that chooses it (the demo's South African
 * company does), the product card following the configuration, and a configuration saved once.
 */

let portal: Portal;
let browser: Browser;
let page: Page;
let starterId: number;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  ({ page } = await newPage(browser));
  await logIn(page, portal, await registerCustomer(portal));
  starterId = await page.evaluate(async () => {
    const response = await fetch('/api/marketPlace/getProducts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 48 }),
    });
    const { data } = await response.json();
    return data.VMProducts.find(
      (product: { productName: string }) => product.productName === 'Ubuntu Starter',
    ).productID as number;
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** An amount as the page writes it, whatever the thousands grouping ("1 117.80", "1,117.80"). */
const amount = (figure: string) => {
  const [whole, cents] = figure.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s,\u00a0\u202f]?');
  return new RegExp(`(^|[^\\d])${grouped}\\.${cents}$`);
};

/** The product card's facts, label → value. */
const cardFacts = (target: Page) =>
  target
    .getByTestId('product-summary')
    .locator('dl')
    .evaluate((list) =>
      Object.fromEntries(
        Array.from(list.querySelectorAll('dt')).map((term) => [
          term.textContent!.trim(),
          term.nextElementSibling!.textContent!.trim(),
        ]),
      ),
    );

/** The Total Value table's summary rows, in order: [label, amount]. */
const summaryRows = (target: Page) =>
  target
    .getByTestId('total-value')
    .locator('tfoot tr')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('th')!.textContent!.trim(),
        row.querySelector('td')!.textContent!.trim(),
      ]),
    );

const waitForPayable = (target: Page, figure: string) =>
  target.getByTestId('total-payable').getByText(amount(figure)).waitFor();

/** The configuration the page was left with by the card test: 4 GB / 40 GB / 2 vCPU, 90 days. */
const configuredStarter = () =>
  `${portal.url}/productdetails/${starterId}?memory=4&disk=40&processor=2&period=90`;

describe('the product card on /productdetails/{id}', () => {
  it('follows the chosen memory, processor, period and total, as the Total Value table does', async () => {
    await page.goto(`${portal.url}/productdetails/${starterId}`);
    // Base for 30 days: 198.00 less 12.00 discount; VAT on 186.00 = 27.90 → 213.90.
    await waitForPayable(page, '213.90');
    expect(await cardFacts(page)).toMatchObject({
      Memory: '2 GB',
      Disk: '40 GB',
      vCPU: '1',
      Period: '30 days',
    });
    expect((await cardFacts(page))['Total Payable']).toMatch(amount('213.90'));

    const memory = page.getByRole('slider', { name: 'Memory' });
    await memory.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page
      .getByRole('combobox', { name: 'Time Period', exact: true })
      .selectOption({ label: '90 days' });
    // 540.00 + 144.00 + 360.00 = 1044.00, less 72.00; VAT on 972.00 = 145.80 → 1117.80.
    await waitForPayable(page, '1117.80');
    const facts = await cardFacts(page);
    expect(facts).toMatchObject({ Memory: '4 GB', Disk: '40 GB', vCPU: '2', Period: '90 days' });
    expect(facts['Total Payable']).toBe(await page.getByTestId('total-payable').innerText());
    await screenshot(page, 'product-details-card-follows-en');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the tax line of the Total Value table', () => {
  it('taxes the price after the discount for a company that chose it', async () => {
    await page.goto(configuredStarter());
    await waitForPayable(page, '1117.80');
    const rows = await summaryRows(page);
    expect(rows.map(([label]) => label)).toEqual([
      'Total Price',
      'Discount',
      'Price after discount',
      'Tax (15%)',
      'Total Payable',
    ]);
    const figures = rows.map(([, figure]) => figure);
    for (const [index, figure] of ['1044.00', '72.00', '972.00', '145.80', '1117.80'].entries()) {
      expect(figures[index]).toMatch(amount(figure));
    }
    await screenshot(page, 'product-details-tax-after-discount-en');
  });

  it('taxes the total before the discount, as the spec writes it, for a company that keeps that', async () => {
    await portal.setCompany('demo', { taxBasis: 'beforeDiscount' });
    try {
      await page.goto(configuredStarter());
      // VAT on 1044.00 = 156.60; 1044.00 − 72.00 + 156.60 = 1128.60.
      await waitForPayable(page, '1128.60');
      const rows = await summaryRows(page);
      expect(rows.map(([label]) => label)).toEqual([
        'Total Price',
        'Tax (15%)',
        'Discount',
        'Total Payable',
      ]);
      expect(rows[1]![1]).toMatch(amount('156.60'));
      expect((await cardFacts(page))['Total Payable']).toMatch(amount('1128.60'));
      await screenshot(page, 'product-details-tax-before-discount-en');
    } finally {
      await portal.setCompany('demo', { taxBasis: 'afterDiscount' });
    }
  });

  it('reads in Korean and fits a phone', async () => {
    const { page: korean } = await newPage(browser, { locale: 'ko-KR' });
    await useLanguage(korean, 'ko');
    await korean.context().addCookies(await page.context().cookies());
    await korean.goto(configuredStarter());
    await korean.locator('html[lang="ko"]').waitFor();
    await waitForPayable(korean, '1117.80');
    expect((await summaryRows(korean)).map(([label]) => label)).toEqual([
      '총 가격',
      '할인',
      '할인 후 가격',
      '세금 (15%)',
      '총 결제 금액',
    ]);
    await screenshot(korean, 'product-details-tax-after-discount-ko');
    await korean.close();

    const { page: phone } = await newPage(browser, { viewport: PHONE });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(configuredStarter());
    await waitForPayable(phone, '1117.80');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'product-details-tax-after-discount-phone');
    await phone.close();
  });
});

describe('saving a configuration once', () => {
  it('says "Already in your saved items", with a link, when the same configuration is saved again', async () => {
    await page.goto(configuredStarter());
    await waitForPayable(page, '1117.80');
    const save = page.getByRole('button', { name: 'Save for later' });
    await save.click();
    await page.getByText('Your product has been successfully saved').first().waitFor();
    await save.click();
    const notice = page.getByTestId('already-saved');
    await notice.getByText('Already in your saved items').waitFor();
    expect(await page.getByRole('status').filter({ has: notice }).count()).toBe(1);
    await screenshot(page, 'product-details-already-saved-en');
    // The notice and the after-discount rows of the Total Value table, as axe sees them.
    expect(await accessibilityViolations(page)).toEqual([]);

    // Another configuration is another saved item: the notice is about the one it named.
    await page.getByRole('slider', { name: 'Memory' }).focus();
    await page.keyboard.press('ArrowRight');
    await notice.waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowLeft');
    await waitForPayable(page, '1117.80');
    await save.click();
    await notice.waitFor();

    await notice.getByRole('link', { name: 'View your saved items' }).click();
    await page.waitForURL(/\/SavedItem$/);
    await page.getByTestId('saved-item').first().waitFor();
    expect(await page.getByTestId('saved-item').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the region and the date saved on each saved item, in the reader’s language', async () => {
    // A second configuration of the same product, so two cards of one product are told apart.
    await page.goto(
      `${portal.url}/productdetails/${starterId}?memory=4&disk=40&processor=2&period=30`,
    );
    // 30 days: 180.00 + 48.00 + 120.00 = 348.00, less 24.00; VAT on 324.00 = 48.60 → 372.60.
    await waitForPayable(page, '372.60');
    await page.getByRole('button', { name: 'Save for later' }).click();
    await page.getByText('Your product has been successfully saved').first().waitFor();

    await page.goto(`${portal.url}/SavedItem`);
    const cards = page.getByTestId('saved-item');
    await expect.poll(() => cards.count()).toBe(2);
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    for (const card of await cards.all()) {
      const text = await card.innerText();
      expect(text).toMatch(/Region\s*Johannesburg/i);
      expect(await card.getByTestId('saved-on').innerText()).toBe(`Saved ${today}`);
    }
    const periods = await cards.evaluateAll((elements) =>
      elements.map((element) => (element.textContent!.match(/(\d+) days/) ?? [])[1]),
    );
    expect(periods.sort()).toEqual(['30', '90']);
    await screenshot(page, 'saved-items-region-date-en');

    const { page: korean } = await newPage(browser, { locale: 'ko-KR' });
    await useLanguage(korean, 'ko');
    await korean.context().addCookies(await page.context().cookies());
    await korean.goto(`${portal.url}/SavedItem`);
    await korean.locator('html[lang="ko"]').waitFor();
    await korean.getByTestId('saved-item').first().waitFor();
    const todayKo = new Intl.DateTimeFormat('ko', { dateStyle: 'medium' }).format(new Date());
    expect(await korean.getByTestId('saved-on').first().innerText()).toBe(`${todayKo} 저장`);
    await screenshot(korean, 'saved-items-region-date-ko');
    await korean.close();

    const { page: phone } = await newPage(browser, { viewport: PHONE });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${portal.url}/SavedItem`);
    await phone.getByTestId('saved-item').first().waitFor();
    await screenshot(phone, 'saved-items-region-date-phone');
    expect(await accessibilityViolations(phone)).toEqual([]);
    await phone.close();
  });
});
