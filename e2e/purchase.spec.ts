import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { companies } from '../apps/api/src/db/schema/company';
import { saveGatewaySettings } from '../apps/api/src/payments/gateway-settings';
import { startFakePaypal, type FakePaypal } from '../apps/api/test/vendors/paypal';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
import { logIn, registerCustomer, type Customer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';

/**
 * Issue 10: a configured VM bought end to end in Chromium: Buy Now → gateway → invoice → Pay →
 * the built-in sandbox checkout → the server-verified result → the receipt PDF → purchase history;
 * the Fail and Cancel paths, PayPal's ZAR modal, the licence-gated Pay button, both demo
 * companies, English and Korean, 360 px.
 */

let portal: Portal;
let browser: Browser;
let paypal: FakePaypal;
let customer: Customer;
let products: Record<string, number>;

beforeAll(async () => {
  [portal, browser, paypal] = await Promise.all([
    startPortal(),
    launchBrowser(),
    startFakePaypal(),
  ]);
  customer = await registerCustomer(portal);
  const response = await fetch(`${portal.url}/api/marketPlace/getProducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portal.url },
    body: JSON.stringify({ pageSize: 48 }),
  });
  const { data } = (await response.json()) as {
    data: Record<'VMProducts' | 'GoldVMData', { productName: string; productID: number }[]>;
  };
  products = Object.fromEntries(
    [...data.VMProducts, ...data.GoldVMData].map((card) => [card.productName, card.productID]),
  );
});
afterAll(async () => {
  await browser?.close();
  await paypal?.stop();
  await portal?.close();
});

async function loggedInPage(options: { viewport?: { width: number; height: number } } = {}) {
  const { page, context } = await newPage(browser, options);
  await logIn(page, portal, customer);
  return { page, context };
}

/** Ubuntu Starter at 4 GB / 100 GB / 2 vCPU for 90 days: 1 366.20 ZAR at Nimbus. */
const starterUrl = () =>
  `${portal.url}/productdetails/${products['Ubuntu Starter']}?memory=4&disk=100&processor=2&period=90`;

async function buyWithGateway(page: Page, productUrl: string, gatewayKey: string) {
  await page.goto(productUrl);
  await page.getByTestId('buy-now').click();
  const modal = page.getByTestId('choose-gateway-modal');
  await modal.waitFor();
  // Proceed and No appear only once a gateway is chosen (§4).
  expect(await modal.getByTestId('choose-gateway-proceed').count()).toBe(0);
  await modal.getByTestId(`gateway-option-${gatewayKey}`).check();
  await modal.getByTestId('choose-gateway-proceed').click();
  await page.waitForURL(/\/purchasedetails\/1/);
  await page.getByTestId('invoice').waitFor();
}

async function payInSandbox(page: Page, outcome: 'complete' | 'fail' | 'cancel') {
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await page.getByTestId(`sandbox-${outcome}`).click();
  await page.waitForURL(/\/(PurchaseSuccessful|PurchaseFailed|transaction-status)/);
}

describe('buying a VM with the sandbox gateway', () => {
  it('goes from Buy Now to a receipt and a purchase history row', async () => {
    const { page, context } = await loggedInPage();
    await buyWithGateway(page, starterUrl(), 'sandbox');
    expect(await page.getByTestId('invoice-title').textContent()).toBe('Proforma Invoice');
    const orderId = (await page.getByTestId('invoice-order-id').textContent())!.match(
      /CP[0-9A-Z]{16}/,
    )![0];
    expect(await page.getByTestId('invoice').textContent()).toMatch(/1[\s,\u00a0\u202f]?366\.20/);
    await screenshot(page, 'purchase-invoice');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/api\/payments\/sandbox\//);
    expect(await page.getByTestId('sandbox-amount').textContent()).toBe('ZAR 1366.20');
    await screenshot(page, 'purchase-sandbox-checkout');
    await page.getByTestId('sandbox-complete').click();

    await page.waitForURL(/\/PurchaseSuccessful\?orderID=/);
    const success = page.getByTestId('purchase-successful');
    await success.getByText('Your purchase is successful !!').waitFor();
    expect(await success.getByTestId('purchase-successful-facts').textContent()).toContain(orderId);
    await screenshot(page, 'purchase-successful');

    // The receipt opens in a new window and is drawn by the PDF viewer.
    const [receipt] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('purchase-successful-view-receipt').click(),
    ]);
    await receipt.waitForURL(/\/DownloadInvoice\//);
    await receipt.getByTestId('document-viewer-page').first().waitFor({ timeout: 20_000 });
    await screenshot(receipt, 'purchase-receipt');
    await receipt.close();

    await page.getByTestId('purchase-successful-view-purchase').click();
    await page.waitForURL(/\/CustomerProfile\/2/i);
    // The paid order becomes a machine with nobody touching it: provisioning, then running.
    const machine = page.getByTestId('vm-row').filter({ hasText: 'Ubuntu Starter' }).first();
    await machine.waitFor();
    await machine.getByTestId('vm-status').getByText('Running').waitFor({ timeout: 30_000 });
    await screenshot(page, 'purchase-products-running');
    await page.getByRole('tab', { name: 'Purchase History' }).click();
    const row = page.getByTestId('purchase-row').filter({ hasText: orderId });
    await row.first().waitFor();
    expect(await row.first().getByTestId('purchase-view-receipt').count()).toBe(1);
    await screenshot(page, 'purchase-history');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the failure the server stored, and a cancelled payment as cancelled', async () => {
    const { page, context } = await loggedInPage();
    await buyWithGateway(page, starterUrl(), 'sandbox');
    await payInSandbox(page, 'fail');
    await page.waitForURL(/\/PurchaseFailed\?orderID=/);
    expect(await page.getByTestId('purchase-failed-message').textContent()).toBe(
      'We can not process your request. payment gateway failure',
    );
    expect(await page.getByTestId('purchase-failed-reason').textContent()).toContain(
      'The sandbox declined the payment.',
    );
    await screenshot(page, 'purchase-failed');
    await page.getByTestId('purchase-failed-back').click();
    await page.waitForURL(new RegExp(`/productdetails/${products['Ubuntu Starter']}`));

    await buyWithGateway(page, starterUrl(), 'sandbox');
    await payInSandbox(page, 'cancel');
    await page.getByTestId('payment-result-cancelled').waitFor();
    await screenshot(page, 'purchase-cancelled');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('PayPal and the licence', () => {
  it('asks to charge a ZAR price in USD before PayPal, and sends the payer to PayPal', async () => {
    const [nimbus] = await portal.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.slug, 'demo'));
    await saveGatewaySettings(
      portal.database.db,
      portal.credentialsKey,
      nimbus!.id,
      'Paypal Payment',
      {
        isTest: true,
        baseUrl: paypal.baseUrl,
        credentials: { clientId: paypal.clientId, clientSecret: paypal.clientSecret },
      },
    );
    const { page, context } = await loggedInPage();
    await page.route('https://www.sandbox.paypal.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>PayPal sandbox</h1>' }),
    );
    await page.goto(starterUrl());
    await page.getByTestId('buy-now').click();
    const choose = page.getByTestId('choose-gateway-modal');
    await choose.getByTestId('gateway-option-paypal').check();
    await choose.getByTestId('choose-gateway-proceed').click();
    const convert = page.getByTestId('usd-conversion-modal');
    await convert.waitFor();
    // 1 366.20 ZAR × 0.063 = 86.07 USD (§9).
    expect(await convert.getByTestId('usd-total').textContent()).toContain('86.07');
    await screenshot(page, 'purchase-paypal-usd');
    await convert.getByTestId('usd-conversion-proceed').click();
    await page.getByTestId('invoice').waitFor();
    expect(await page.getByTestId('pay-amount').textContent()).toContain('86.07');
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/sandbox\.paypal\.com\/checkoutnow\?token=/);
    await context.close();
  });

  it('keeps Pay disabled until the Microsoft licence PDF is chosen', async () => {
    const { page, context } = await loggedInPage();
    await buyWithGateway(
      page,
      `${portal.url}/productdetails/${products['Windows Server Standard']}?period=30`,
      'sandbox',
    );
    const pay = page.getByTestId('pay-button');
    expect(await pay.isDisabled()).toBe(true);
    await page
      .getByTestId('licence-chooser')
      .locator('input[type=file]')
      .setInputFiles(path.resolve(import.meta.dirname, 'support/fixtures/licence.pdf'));
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="pay-button"]') as HTMLButtonElement).disabled,
    );
    await screenshot(page, 'purchase-licence-chosen');
    await payInSandbox(page, 'complete');
    await page.waitForURL(/\/PurchaseSuccessful\?orderID=/);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('the second company, in Korean, on a phone', () => {
  it('buys with its only gateway straight away and shows the result in Korean at 360 px', async () => {
    const baobabCustomer = await registerCustomer(portal, portal.secondUrl);
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await logIn(page, { ...portal, url: portal.secondUrl }, baobabCustomer);
    await useLanguage(page, 'ko');
    const response = await page.evaluate(async () => {
      const answer = await fetch('/api/marketPlace/getProducts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize: 48 }),
      });
      return (await answer.json()).data.VMProducts as { productName: string; productID: number }[];
    });
    const vps = response.find((card) => card.productName === 'VPS Small')!;
    await page.goto(`${portal.secondUrl}/productdetails/${vps.productID}?period=30`);
    // One usable gateway (PesaPal is not configured for the demo): no modal, straight on.
    await page.getByTestId('buy-now').click();
    await page.waitForURL(/\/purchasedetails\/1/);
    await page.getByTestId('invoice').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, 'purchase-invoice-ko-phone');
    await payInSandbox(page, 'complete');
    await page.waitForURL(/\/PurchaseSuccessful\?orderID=/);
    await page.getByTestId('purchase-successful').waitFor();
    expect(await page.getByTestId('purchase-successful-heading').textContent()).not.toContain(
      'Your purchase is successful',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(page, 'purchase-successful-ko-phone');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
