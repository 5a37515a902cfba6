import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  pageErrors,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  settleAnimations,
} from './support/browser';
import { accessibilityViolations } from './support/accessibility';
import { logIn, registerCustomer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';

/*
 * Issue 9, "what a new customer tripped over": the second brand's own facts (ADR 014), the
 * agreement on a phone, a duplicate email at step one, the message counter, and a profile picture
 * that is no picture. Sign-up's email check allows 5 a minute from one address: these journeys
 * use exactly five.
 */

let portal: Portal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

type Language = 'en' | 'ko';

async function open(url: string, options: { language?: Language; phone?: boolean } = {}) {
  const { context, page } = await newPage(browser, options.phone ? { viewport: PHONE } : {});
  if (options.language) await useLanguage(page, options.language);
  await page.goto(url);
  return { context, page };
}

/** What the phone's screen shows: a full-screen dialog is judged as the visitor sees it. */
async function screenshotViewport(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const PASSWORD = 'Kgotso#2026';
let emails = 0;
const newEmail = () => `wanjiru.${++emails}.${Date.now().toString(36)}@example.co.ke`;

/** Sign-up's fields by their autocomplete purpose, so the same steps work in either language. */
const input = (page: Page, purpose: string) => page.locator(`[autocomplete="${purpose}"]`).first();
const submit = (page: Page) => page.getByTestId('signup-page').locator('button[type="submit"]');

async function fillStepOne(page: Page, email: string) {
  await input(page, 'given-name').fill('Wanjiru');
  await input(page, 'family-name').fill('Kamau');
  await input(page, 'email').fill(email);
  await input(page, 'tel-national').fill('712345678');
  await page.locator('[autocomplete="new-password"]').nth(0).fill(PASSWORD);
  await page.locator('[autocomplete="new-password"]').nth(1).fill(PASSWORD);
}

async function fillStepTwo(page: Page) {
  await page.getByTestId('signup-step-2').waitFor();
  await input(page, 'street-address').fill('Delta Corner, Waiyaki Way');
  await input(page, 'address-level2').fill('Nairobi');
  await input(page, 'address-level1').fill('Nairobi County');
  await input(page, 'postal-code').fill('00800');
}

/** Both steps, then Register: answers the open agreement dialog. */
async function openAgreement(page: Page, email: string) {
  await page.getByTestId('signup-step-1').waitFor();
  await fillStepOne(page, email);
  await submit(page).click();
  await fillStepTwo(page);
  await submit(page).click();
  const dialog = page.getByTestId('agreement-modal');
  await dialog.waitFor();
  await dialog.getByTestId('agreement-text').getByRole('heading').first().waitFor();
  return dialog;
}

describe("the second brand's own facts (Baobab Hosting, Nairobi)", () => {
  it('shows East Africa Time and +254 on Help and the FAQ, in English and Korean', async () => {
    const expected = {
      en: {
        hours: 'Business hours: 08:00 to 18:00 East Africa Time, Monday to Saturday.',
        faq: 'Our business hours are 08:00 to 18:00 East Africa Time, Monday to Saturday.',
      },
      ko: {
        hours: '업무 시간: 동아프리카 시간 기준 월요일~토요일, 08:00~18:00',
        faq: '업무 시간은 동아프리카 시간 기준 월요일~토요일, 08:00~18:00입니다.',
      },
    };
    for (const language of ['en', 'ko'] as const) {
      const { context, page } = await open(`${portal.secondUrl}/help`, { language });
      await expect(page.getByTestId('support-hours').textContent()).resolves.toBe(
        expected[language].hours,
      );
      const membership = page.getByTestId('membership-form');
      const hint = await membership.locator('input[type="tel"]').getAttribute('aria-describedby');
      const hintText = await page.locator(`[id="${hint!.split(' ')[0]}"]`).textContent();
      expect(hintText).toContain('+254 20 765 4321');
      expect(await page.locator('body').textContent()).not.toMatch(/\+27|South Africa|남아프리카/);
      await screenshot(page, `brand-two-help-${language}`);

      await page.goto(`${portal.secondUrl}/Faq`);
      const item = page.getByTestId('faq-item-business-hours');
      await item.getByRole('button').click();
      await item.getByText(expected[language].faq).waitFor();
      await screenshot(page, `brand-two-faq-${language}`);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
  });

  it('keeps the first brand on South African facts', async () => {
    const { context, page } = await open(`${portal.url}/help`);
    await expect(page.getByTestId('support-hours').textContent()).resolves.toBe(
      'Business hours: 08:30 to 17:00 South Africa Standard Time, Monday to Friday.',
    );
    await context.close();
  });

  it("starts sign-up at +254 and shows an agreement under Kenya's Data Protection Act", async () => {
    const { context, page } = await open(`${portal.secondUrl}/signup`);
    await page.getByTestId('signup-step-1').waitFor();
    const countryCode = page.locator('select[autocomplete="tel-country-code"]');
    await expect.poll(() => countryCode.inputValue()).toBe('KE');
    await expect(countryCode.locator('option:checked').textContent()).resolves.toBe('+254 Kenya');
    await page.getByText('9 digits after +254').waitFor();

    const agreement = await openAgreement(page, newEmail());
    const text = await agreement.getByTestId('agreement-text').textContent();
    expect(text).toContain("in line with Kenya's Data Protection Act, 2019");
    expect(text).toContain('Office of the Data Protection Commissioner (Kenya)');
    expect(text).not.toMatch(/POPIA|South Africa|Information Regulator/);
    await screenshot(page, 'brand-two-agreement-en');
    await agreement.getByRole('link', { name: 'Go Back To Log In' }).waitFor();
    await context.close();
  });

  it('names the countries in Korean in both country selects, keeping the stored name', async () => {
    const { context, page } = await open(`${portal.secondUrl}/signup`, { language: 'ko' });
    await page.getByTestId('signup-step-1').waitFor();
    const countryCode = page.locator('select[autocomplete="tel-country-code"]');
    await expect.poll(() => countryCode.inputValue()).toBe('KE');
    await expect(countryCode.locator('option:checked').textContent()).resolves.toBe('+254 케냐');
    await fillStepOne(page, newEmail());
    await submit(page).click();
    await fillStepTwo(page);
    const billingCountry = page.locator('select[autocomplete="country-name"]');
    await expect.poll(() => billingCountry.inputValue()).toBe('Kenya');
    await expect(billingCountry.locator('option:checked').textContent()).resolves.toBe('케냐');
    await screenshot(page, 'brand-two-signup-step-two-ko');
    await context.close();
  });

  it("shows built-in Terms and Privacy with Kenya's law when the brand has no documents", async () => {
    await portal.setCompany('demo-two', { termsPath: null, privacyPolicyPath: null });
    try {
      for (const language of ['en', 'ko'] as const) {
        const { context, page } = await open(`${portal.secondUrl}/privacypolicy`, { language });
        const privacy = page.locator('main');
        await privacy
          .getByText(language === 'en' ? '5. Transfers outside Kenya' : '케냐')
          .first()
          .waitFor();
        const privacyText = await privacy.textContent();
        expect(privacyText).toContain(
          language === 'en' ? "Kenya's Data Protection Act, 2019" : '케냐 데이터 보호법',
        );
        expect(privacyText).not.toMatch(/POPIA|South Africa|남아프리카/);
        await screenshot(page, `brand-two-privacy-${language}`);

        await page.goto(`${portal.secondUrl}/termcondition`);
        await page
          .getByText(
            language === 'en' ? 'governed by the law of the Republic of Kenya' : '케냐 공화국 법률',
            {
              exact: false,
            },
          )
          .waitFor();
        expect(await page.locator('main').textContent()).toContain(
          language === 'en'
            ? 'East Africa Time (Africa/Nairobi)'
            : '동아프리카 시간(Africa/Nairobi)',
        );
        await context.close();
      }
    } finally {
      await portal.setCompany('demo-two', {
        termsPath: '/uploads/demo-two/terms.pdf',
        privacyPolicyPath: '/uploads/demo-two/privacy.pdf',
      });
    }
  });
});

describe('the sign-up agreement on a 360 px phone', () => {
  for (const language of ['en', 'ko'] as const) {
    it(`fills the screen with Proceed in view, the document scrolling inside (${language})`, async () => {
      const { context, page } = await open(`${portal.secondUrl}/signup`, {
        language,
        phone: true,
      });
      const agreement = await openAgreement(page, newEmail());
      await page.waitForTimeout(400); // the dialog's fade-in
      const pageScroll = await page.evaluate(() => document.scrollingElement!.scrollTop);

      const proceed = agreement.getByRole('button', {
        name: language === 'en' ? 'Proceed' : /계속/,
      });
      const box = (await proceed.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      const dialogBox = (await agreement.boundingBox())!;
      expect(dialogBox).toMatchObject({ x: 0, y: 0, width: PHONE.width });

      const scroller = agreement.getByTestId('agreement-text');
      const { scrollHeight, clientHeight } = await scroller.evaluate((element) => ({
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
      }));
      expect(scrollHeight).toBeGreaterThan(clientHeight);
      const text = await scroller.textContent();
      expect(text).toContain(
        language === 'en' ? "Kenya's Data Protection Act, 2019" : '케냐 데이터 보호법',
      );
      await screenshotViewport(page, `signup-agreement-phone-${language}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Reading to the end scrolls the document, never the page, and Proceed stays where it was.
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(pageScroll);
      expect((await proceed.boundingBox())!.y).toBe(box.y);
      const checkboxes = agreement.getByRole('checkbox');
      await checkboxes.nth(0).check();
      await checkboxes.nth(1).check();
      await screenshotViewport(page, `signup-agreement-phone-end-${language}`);

      expect(await proceed.getAttribute('aria-disabled')).toBe('false');
      expect((await proceed.boundingBox())!.y).toBe(box.y);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }
});

describe('an address that already has an account', () => {
  it('is found when leaving step one, with working links to Log In and Forgot Password', async () => {
    const customer = await registerCustomer(portal, portal.secondUrl);
    const { context, page } = await open(`${portal.secondUrl}/signup`);
    await page.getByTestId('signup-step-1').waitFor();
    await fillStepOne(page, `  ${customer.email.toUpperCase()} `);
    await submit(page).click();

    const taken = page.getByTestId('email-taken');
    await taken.waitFor();
    await expect(taken.textContent()).resolves.toContain(
      'An account with this email already exists. Please log in.',
    );
    expect(await page.getByTestId('signup-step-1').isVisible()).toBe(true);
    const described = await input(page, 'email').getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    expect(await input(page, 'email').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'signup-email-taken-en');
    expect(await accessibilityViolations(page)).toEqual([]);

    // In Korean, the message and its links follow the switch.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('button', { name: '한국어' }).click();
    await taken.getByText('이 이메일로 가입된 계정이 이미 있습니다. 로그인해 주세요.').waitFor();
    await screenshot(page, 'signup-email-taken-ko');
    await page.getByRole('button', { name: /언어/ }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await taken.getByText('An account with this email already exists.', { exact: false }).waitFor();

    // Editing the address clears the message; the same address again is answered from memory.
    await input(page, 'email').fill(`${customer.email}x`);
    await expect(taken.count()).resolves.toBe(0);
    await input(page, 'email').fill(customer.email);
    await submit(page).click();
    await taken.waitFor();

    await expect(
      taken.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href'),
    ).resolves.toBe('/forgetpassword');
    await taken.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL(/\/customerlogin$/);
    await page.getByRole('heading', { name: 'Log In' }).first().waitFor();
    await context.close();
  });

  it("shows adduser's 409 the same way when the address was taken after step one", async () => {
    const { context, page } = await open(`${portal.secondUrl}/signup`);
    const email = newEmail();
    await page.getByTestId('signup-step-1').waitFor();
    await fillStepOne(page, email);
    await submit(page).click();
    await fillStepTwo(page);
    // Someone else opens an account with this address meanwhile.
    const other = await fetch(`${portal.secondUrl}/api/adduser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Other',
        lastName: 'Person',
        emailID: email,
        countryCode: '+254',
        contactNo: '712345679',
        password: PASSWORD,
        address: '1 Moi Avenue',
        region: 'Kenya',
        city: 'Nairobi',
        state: 'Nairobi',
        postCode: '00100',
      }),
    });
    expect(other.status).toBe(200);
    await submit(page).click();
    const agreement = page.getByTestId('agreement-modal');
    await agreement.waitFor();
    const checkboxes = agreement.getByRole('checkbox');
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await agreement.getByRole('button', { name: 'Proceed' }).click();

    const taken = page.getByTestId('email-taken');
    await taken.waitFor();
    expect(await page.getByTestId('signup-step-1').isVisible()).toBe(true);
    await screenshot(page, 'signup-email-taken-after-register-en');
    await taken.getByRole('link', { name: 'Log In' }).waitFor();
    await taken.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(/\/forgetpassword$/);
    await page.getByRole('heading', { name: 'Forgot Password' }).first().waitFor();
    await context.close();
  });
});

describe('free-text boxes with a limit', () => {
  it('counts towards 5000 in Write to us and stops typing there; Send then succeeds', async () => {
    const { context, page } = await open(`${portal.secondUrl}/help`);
    const form = page.getByTestId('write-to-us-form');
    const box = form.locator('textarea');
    await box.pressSequentially('Hello');
    await form.getByText('5 / 5000').waitFor();
    expect(await box.getAttribute('maxlength')).toBe('5000');

    await box.fill('');
    await box.focus();
    await page.keyboard.insertText('x'.repeat(6000));
    await expect(box.inputValue()).resolves.toHaveLength(5000);
    await form.getByText('5000 / 5000').waitFor();
    await form
      .getByText('You have reached the limit of 5000 characters.')
      .waitFor({ state: 'attached' });
    await screenshot(page, 'write-to-us-limit-en');
    expect(await accessibilityViolations(page)).toEqual([]);

    await form.locator('input[type="email"]').fill('wanjiru@example.co.ke');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you. Please check your email').first().waitFor();
    const mail = await portal.mail.waitFor(
      (received) =>
        received.to.includes('hello@baobabhosting.example') &&
        received.text.includes('x'.repeat(5000)),
    );
    expect(mail.text).not.toContain('x'.repeat(5001));
    await context.close();
  });

  it('limits the membership address and enquiry message to their own numbers, in Korean too', async () => {
    const { context, page } = await open(`${portal.url}/help`, { language: 'ko' });
    const membership = page.getByTestId('membership-form');
    const address = membership.locator('textarea');
    expect(await address.getAttribute('maxlength')).toBe('500');
    await address.focus();
    await page.keyboard.insertText('가'.repeat(600));
    await membership.getByText('500 / 500').waitFor();
    await expect(address.inputValue()).resolves.toHaveLength(500);
    await screenshot(page, 'membership-limit-ko');

    await page.goto(`${portal.url}/businessunit/Enterprise Networking`);
    const enquiry = page.getByTestId('enquiry-form');
    const message = enquiry.locator('textarea');
    expect(await message.getAttribute('maxlength')).toBe('5000');
    await message.pressSequentially('GPU');
    await enquiry.getByText('3 / 5000').waitFor();
    await context.close();
  });
});

describe('a profile picture that is no picture', () => {
  it('is refused when chosen, before any upload; a real picture then uploads', async () => {
    const customer = await registerCustomer(portal);
    const { context, page } = await newPage(browser);
    await logIn(page, portal, customer);
    const uploads: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('updateProfileImage')) uploads.push(request);
    });
    await page.goto(`${portal.url}/customerprofile/2`);
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile picture' });
    await dialog.waitFor();

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'cv.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
    });
    const problem = dialog.getByTestId('profile-image-problem');
    await expect
      .poll(() => problem.textContent())
      .toBe('This file could not be read as a picture. Choose a PNG, JPEG or WebP image.');
    await expect(dialog.getByText('cv.png is chosen').count()).resolves.toBe(0);
    await screenshot(page, 'profile-image-not-a-picture-en');

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect.poll(() => problem.textContent()).toBe('Choose a PNG, JPEG or WebP image');
    expect(uploads).toEqual([]);

    // A real picture passes the same check and is uploaded with Update.
    const photo = await sharp({
      create: { width: 120, height: 120, channels: 3, background: '#2b8a3e' },
    })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByText('me.png is chosen').waitFor();
    await expect(problem.textContent()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Image uploaded successfully').first().waitFor();
    expect(uploads).toHaveLength(1);
    await context.close();
  });
});
