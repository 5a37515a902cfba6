import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, pageErrors, PHONE, screenshot } from './support/browser';
import type { Customer } from './support/customer';
import { useLanguage } from './support/language';
import type { Portal } from './support/portal';
import { closeStage, loggedInPage, openStage } from './support/stage';

/**
 * Issue 25 (ADR 026): the spec's /payment and /OZOWPaymentform, which are not built, take a
 * customer to their purchases instead of a "not available yet" page; a visitor logs in first.
 */

let portal: Portal;
let browser: Browser;
let customer: Customer;

beforeAll(async () => {
  ({ portal, browser, customer } = await openStage());
});
afterAll(async () => {
  await closeStage({ portal, browser });
});

describe('the spec routes that are not built', () => {
  it('takes a signed-in customer from /payment and /OZOWPaymentform to their machines', async () => {
    const { page, context } = await loggedInPage({ portal, browser, customer });
    for (const path of ['/payment', '/OZOWPaymentform']) {
      await page.goto(`${portal.url}${path}`);
      await page.waitForURL(/\/customerprofile\/2$/);
      await page.getByRole('tab', { name: 'Products' }).waitFor();
    }
    await screenshot(page, 'spec-route-payment-en');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('asks a visitor to log in first (Korean, 360 px)', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE });
    await useLanguage(page, 'ko');
    await page.goto(`${portal.url}/OZOWPaymentform`);
    await page.waitForURL(/\/customerlogin/);
    await screenshot(page, 'spec-route-ozow-login-ko-phone');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
