import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
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

async function open(url: string, options: { language?: 'en' | 'ko'; phone?: boolean } = {}) {
  const { context, page } = await newPage(browser, options.phone ? { viewport: PHONE } : {});
  if (options.language) await useLanguage(page, options.language);
  await page.goto(url);
  return { context, page };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('information pages', () => {
  it('shows About and the FAQ, whose search really filters, in English and Korean', async () => {
    for (const language of ['en', 'ko'] as const) {
      const { context, page } = await open(`${portal.url}/about`, { language });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('blog-card-linuxLaptop').waitFor();
      // The spec's Read more buttons lead nowhere: the cards must not offer dead buttons.
      expect(await page.getByTestId('blog-card-linuxLaptop').getByRole('button').count()).toBe(0);
      await screenshot(page, `about-${language}`);

      await page.goto(`${portal.url}/Faq`);
      await page.getByTestId('faq-search').waitFor();
      await screenshot(page, `faq-${language}`);
      await context.close();
    }

    const { context, page } = await open(`${portal.url}/Faq`);
    const search = page.getByRole('searchbox', { name: 'Search the questions' });
    await search.fill('refund');
    await page
      .getByTestId('faq-result-count')
      .getByText(/\d+ questions? match/)
      .or(page.getByText(/^\d+ questions? match/))
      .first()
      .waitFor();
    const refundMatches = await page.locator('[data-testid^="faq-item-"]').count();
    expect(refundMatches).toBeGreaterThan(0);
    await search.fill('SSL renew');
    await page
      .getByText(/Get SSL/)
      .first()
      .waitFor();
    await search.fill('zzqx nothing like this');
    await page.getByTestId('faq-empty').waitFor();
    await screenshot(page, 'faq-search-empty');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows built-in Terms and Privacy texts, and the configured documents in the paged viewer', async () => {
    const { context, page } = await open(`${portal.url}/termcondition`);
    await page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
    const terms = (await page.getByTestId('legal-document').textContent()) ?? '';
    expect(terms).toContain('99%');
    expect(terms).toContain('Nimbus Africa Cloud');
    await screenshot(page, 'terms-builtin-en');
    await page.goto(`${portal.url}/privacypolicy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect((await page.getByTestId('legal-document').textContent()) ?? '').toMatch(
      /Protection of Personal Information|POPIA/,
    );
    await context.close();

    const second = await open(`${portal.secondUrl}/termcondition`);
    const viewer = second.page.getByTestId('document-viewer');
    await viewer.waitFor();
    await second.page.getByText('Page 1 of 3').first().waitFor();
    const previous = second.page.getByRole('button', { name: 'Previous' });
    const next = second.page.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await second.page.getByText('Page 2 of 3').first().waitFor();
    await next.click();
    await second.page.getByText('Page 3 of 3').first().waitFor();
    expect(await next.isDisabled()).toBe(true);
    const preview = second.page.getByRole('link', { name: /Preview/ });
    await expect(preview.getAttribute('href')).resolves.toContain('/uploads/demo-two/terms.pdf');
    await expect(preview.getAttribute('target')).resolves.toBe('_blank');
    await second.page.getByTestId('document-viewer').locator('canvas').first().waitFor();
    // The page is really drawn: the canvas holds the PDF's dark text pixels.
    await second.page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        '[data-testid="document-viewer"] canvas',
      );
      const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!pixels) return false;
      for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) return true;
      return false;
    });
    await screenshot(second.page, 'terms-document-viewer');
    await second.context.close();
  });

  it('lists news three to a row, opens one, and deep-links to it', async () => {
    const { context, page } = await open(`${portal.url}/news`);
    await page.getByTestId('news-list').waitFor();
    await page.getByRole('button', { name: 'Read More' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Johannesburg availability zone is live' });
    await dialog.waitFor();
    await screenshot(page, 'news-dialog-en');
    await page.keyboard.press('Escape');

    const newsId = await page.evaluate(async () => {
      const response = await fetch('/api/news/getAllNews', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return (await response.json()).data[2].ID as number;
    });
    await page.goto(`${portal.url}/news?id=${newsId}`);
    await page.getByRole('dialog', { name: 'Load-shedding resilience report' }).waitFor();
    await context.close();
  });
});

describe('forms that write to the company', () => {
  it('Write to us: validates, then stores and mails the company and the writer', async () => {
    const { context, page } = await open(`${portal.url}/help`);
    const form = page.getByTestId('write-to-us-form');
    await form.waitFor();
    await expect(page.getByTestId('contact-details').textContent()).resolves.toContain(
      '+27 21 555 0142',
    );
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Email required').waitFor();
    await form.getByText('Description required').waitFor();

    await form.getByLabel(/^Email( \*)?$/).fill('naledi@example.co.za');
    await form
      .getByLabel(/^Description( \*)?$/)
      .fill('Can I move my VM from Cape Town to Johannesburg?');
    await form.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Thank you. Please check your email');
    await expect(form.getByLabel(/^Email( \*)?$/).inputValue()).resolves.toBe('');

    const toCompany = await portal.mail.waitFor(
      (mail) =>
        mail.to.includes('support@nimbusafrica.example') && mail.replyTo === 'naledi@example.co.za',
    );
    expect(toCompany.text).toContain('Can I move my VM from Cape Town to Johannesburg?');
    const thanks = await portal.mail.waitFor((mail) => mail.to.includes('naledi@example.co.za'));
    expect(thanks.subject).toBe('Thank you for writing to Nimbus Africa Cloud');
    await screenshot(page, 'help-en');
    await context.close();
  });

  it('membership enquiry: refuses a logo of the wrong size, sends one of 50 px with the enquiry', async () => {
    const { context, page } = await open(`${portal.url}/help`);
    const form = page.getByTestId('membership-form');
    await form.waitFor();
    await expect(form.textContent()).resolves.toContain(
      'PNG, JPEG or WebP, up to 2 MB, 50 pixels wide or high (for example 50 × 50)',
    );

    const logo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#2b8a3e' } })
        .png()
        .toBuffer();
    const fileInput = page.getByTestId('membership-logo-input');
    await fileInput.setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await logo(254, 82),
    });
    await form.getByText('Cloud logo should be 50 x 50 pixels').waitFor();
    await fileInput.setInputFiles({
      name: 'tall.png',
      mimeType: 'image/png',
      buffer: await logo(50, 1001),
    });
    await form.getByText('Cloud logo should be at most 1000 pixels wide and high').waitFor();
    await screenshot(page, 'membership-logo-too-tall');

    await fileInput.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logo(50, 50),
    });
    await page.getByTestId('membership-logo-preview').waitFor();
    await form.getByLabel(/^Company name( \*)?$/).fill('Karoo Analytics (Pty) Ltd');
    await form.getByLabel(/^Email( \*)?$/).fill('ceo@karoo.example');
    await form.getByLabel(/^Contact number( \*)?$/).fill('+27 82 555 0199');
    await form.getByLabel(/^Company registration number( \*)?$/).fill('2019/123456/07');
    await form.getByLabel(/^Company address( \*)?$/).fill('12 Long Street, Cape Town');
    await screenshot(page, 'membership-form-filled');
    await form.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Thank you. Your membership enquiry has been sent');

    const toCompany = await portal.mail.waitFor(
      (mail) => mail.subject === 'CxO series membership enquiry from Karoo Analytics (Pty) Ltd',
    );
    expect(toCompany.attachments).toEqual([expect.objectContaining({ contentType: 'image/png' })]);
    await context.close();
  });

  it('products and services: the three kinds of business unit, and an enquiry that is mailed', async () => {
    const { context, page } = await open(`${portal.url}/businessunit/Cloud Infrastructure`);
    await page.getByRole('heading', { name: 'Cloud Infrastructure', level: 1 }).waitFor();
    const proceed = page.getByRole('link', { name: /Proceed/ }).first();
    await expect(proceed.getAttribute('href')).resolves.toBe('/marketplace/Virtual%20Machines');
    await screenshot(page, 'business-unit-cloud-en');

    await page.getByRole('link', { name: 'Backup/Disaster Recovery' }).first().click();
    const knowMore = page.getByRole('link', { name: /Click Here Know More/ });
    await expect(knowMore.getAttribute('href')).resolves.toMatch(
      /^https:\/\/backup\.nimbusafrica\.example\/?$/,
    );

    await page.getByRole('link', { name: 'Enterprise Networking' }).first().click();
    const form = page.getByTestId('enquiry-form');
    await form.waitFor();
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Name required').waitFor();
    await form.getByLabel(/^Name( \*)?$/).fill('Thabo Mokoena');
    await form.getByLabel(/^Email( \*)?$/).fill('thabo@example');
    await form
      .getByLabel(/^Message( \*)?$/)
      .fill('A 1 Gbps link between Rosebank and Teraco, please.');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Please enter a valid Email').waitFor();
    await form.getByLabel(/^Email( \*)?$/).fill('thabo@example.co.za');
    await form.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Your request have been submitted!');
    await portal.mail.waitFor(
      (mail) => mail.subject === 'Enquiry about Enterprise Networking from Thabo Mokoena',
    );
    await screenshot(page, 'business-unit-enquiry-en');
    await context.close();
  });
});

describe('newsletter, partners and redirects', () => {
  it('subscribes, then unsubscribes with the mailed link, which works once', async () => {
    const { context, page } = await open(`${portal.url}/home`);
    await page.getByRole('textbox', { name: 'Email address' }).fill('kagiso@example.co.za');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Subscribed successfully');
    const welcome = await portal.mail.waitFor((mail) => mail.to.includes('kagiso@example.co.za'));
    const link = welcome.text.match(/http:\/\/localhost:\d+\/newsletter\?token=[\w-]+/)![0];

    await page.goto(link);
    await page.getByTestId('unsubscribe-ask').waitFor();
    await screenshot(page, 'unsubscribe-ask-en');
    await page.getByRole('button', { name: 'Yes, Unsubscribe' }).click();
    await page.getByTestId('unsubscribe-done').waitFor();
    await page.getByText('You have been unsubscribed from the newsletter').waitFor();

    await page.goto(link);
    await page.getByRole('button', { name: 'Yes, Unsubscribe' }).click();
    await page.getByTestId('unsubscribe-failed').waitFor();
    await page.getByText('This unsubscribe link is invalid or has already been used').waitFor();
    await context.close();
  });

  it('lists partner clouds that open in a new tab, and says so when there are none', async () => {
    const { context, page } = await open(`${portal.url}/partnerCloudServices`);
    const select = page.getByRole('link', { name: 'Select Kilimanjaro CDN (opens in a new tab)' });
    await expect(select.getAttribute('href')).resolves.toMatch(
      /^https:\/\/www\.kilimanjaro-cdn\.example\/?$/,
    );
    await expect(select.getAttribute('rel')).resolves.toContain('noopener');
    await screenshot(page, 'partners-en');
    await page.goto(`${portal.secondUrl}/partnerCloudServices`);
    await page.getByTestId('partners-empty').waitFor();
    await context.close();
  });

  it('follows a redirect only to the portal or the company’s own addresses', async () => {
    const { context, page } = await open(
      `${portal.url}/redirect?url=${encodeURIComponent('/news')}&vmId=42&sessionid=attacker-session`,
    );
    await page.waitForURL(/\/news$/);
    expect(await page.evaluate(() => sessionStorage.getItem('cloud-portal.vmId'))).toBe('42');
    expect(await page.evaluate(() => document.cookie)).not.toContain('attacker-session');

    await page.goto(
      `${portal.url}/redirect?url=${encodeURIComponent('https://evil.example/login')}`,
    );
    await page.getByTestId('redirect-blocked').waitFor();
    expect(new URL(page.url()).host).toBe(new URL(portal.url).host);
    await screenshot(page, 'redirect-blocked-en');
    await context.close();
  });
});

describe('the pages in Korean and on a phone', () => {
  it('renders every public page at 360 px in Korean without sideways scrolling', async () => {
    const paths = [
      '/about',
      '/Faq',
      '/termcondition',
      '/help',
      '/news',
      '/partnerCloudServices',
      '/businessunit/Enterprise Networking',
    ];
    const { context, page } = await open(`${portal.url}/home`, { language: 'ko', phone: true });
    for (const pathName of paths) {
      await page.goto(`${portal.url}${pathName}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, pathName).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-ko${pathName.replace(/\W+/g, '-')}`);
    }
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
