import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
import { registerCustomer, type Customer } from './support/customer';
import { useLanguage } from './support/language';
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

const NEW_PASSWORD = 'Nuwe#Pass1';
const newPasswordField = (page: Page) => page.getByLabel(/^New Password( \*)?$/).first();

/** Asks for a recovery link as the forgotten-password page would, and reads it from the mail. */
async function recoveryLink(customer: Customer): Promise<string> {
  const mailsBefore = portal.mail.mails.length;
  const response = await fetch(`${portal.url}/api/forgotPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portal.url },
    body: JSON.stringify({ emailID: customer.email, websiteUrl: portal.url }),
  });
  expect(response.status).toBe(200);
  const mail = await portal.mail.waitFor(
    (received) =>
      received.to.includes(customer.email) &&
      /Reset your/.test(received.subject) &&
      portal.mail.mails.indexOf(received) >= mailsBefore,
  );
  return mail.text.match(/http:\/\/localhost:\d+\/recoverpassword\?token=[\w-]+/)![0];
}

/** The refusal shown instead of the form; the form must never have appeared. */
async function expectRefusedAtOnce(page: Page, texts: { title: string; newLink: string }) {
  const alert = page.getByTestId('recovery-link-invalid');
  await alert.waitFor();
  await page.getByText(texts.title).waitFor();
  expect(await newPasswordField(page).count()).toBe(0);
  expect(await page.locator('input[type="password"]').count()).toBe(0);
  await page.getByRole('link', { name: texts.newLink }).waitFor();
}

describe('a recovery link checked as its page opens', () => {
  it('shows the form for a fresh link, and for the same link once used, the message at once', async () => {
    const customer = await registerCustomer(portal);
    const link = await recoveryLink(customer);
    const { context, page } = await newPage(browser);
    const updateCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/updatePassword')) updateCalls.push(request.url());
    });

    await page.goto(link);
    await newPasswordField(page).fill(NEW_PASSWORD);
    await page
      .getByLabel(/^Confirm New Password( \*)?$/)
      .first()
      .fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your password has been updated. Please log in.').first().waitFor();
    await page.waitForURL(/\/customerlogin$/);
    expect(updateCalls).toHaveLength(1);

    await page.goto(link);
    await expectRefusedAtOnce(page, {
      title: 'This link cannot be used',
      newLink: 'Request a new link',
    });
    await page.getByText('This password recovery link is invalid or has expired').waitFor();
    expect(updateCalls).toHaveLength(1); // refused without the user typing anything
    await screenshot(page, 'recover-password-used-link-en');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL(/\/forgetpassword$/);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('says the same at once for a made-up link, in Korean on a 360 px phone', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await useLanguage(page, 'ko');
    await page.goto(`${portal.url}/recoverpassword?token=${'A'.repeat(43)}`);
    await expectRefusedAtOnce(page, {
      title: '이 링크는 사용할 수 없습니다',
      newLink: '새 링크 요청하기',
    });
    await page.getByText('비밀번호 재설정 링크가 올바르지 않거나 만료되었습니다').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-ko-recover-password-invalid-link');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
