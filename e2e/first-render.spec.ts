import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
import { logIn, registerCustomer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';

/*
 * ADR 022: /home and the marketplace arrive written by the server, are readable before (and
 * without) the page's code, and come alive in place: hydration keeps the server's elements,
 * reports no mismatch, and every id the server wrote finds its element.
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

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

/** Errors in the console (React reports a hydration mismatch there) and thrown ones. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Counts elements of `selector` the page removes: a failed hydration writes the page anew. */
async function watchRemovals(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.addInitScript((watched) => {
    const state = window as unknown as { removedServerElements: number };
    state.removedServerElements = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches(watched) || node.querySelector(watched))) {
            state.removedServerElements += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return () =>
    page.evaluate(
      () => (window as unknown as { removedServerElements: number }).removedServerElements,
    );
}

/** Resolves once React has taken over the server's element (hydration sets its fiber on it). */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((watched) => {
    const element = document.querySelector(watched);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

describe('visitor pages written on the server', () => {
  it('sends /home with its first screen, data and state in the HTML', async () => {
    const response = await fetch(`${portal.url}/home`, { headers: { 'user-agent': PHONE_AGENT } });
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="cp-first-render"'));
    expect(root).toContain('Nimbus Africa Cloud');
    expect(root).toContain('Our Reach');
    expect(root).toContain('Bandwidth Barn, 125 Buitengracht Street');
    expect(root).toContain('New Johannesburg availability zone is live');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/home-page-[\w-]+\.css" \/>/);
  });

  it('shows the marketplace without JavaScript, on a phone', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      userAgent: PHONE_AGENT,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${portal.url}/marketplace`);
    await page.getByRole('heading', { name: 'Marketplace', level: 1 }).waitFor();
    await page.getByText('Ubuntu Starter').filter({ visible: true }).first().waitFor();
    // The phone header: the burger, not the desk's menu.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await screenshot(page, 'first-render-marketplace-no-js-phone');
    await context.close();
  });

  it('hydrates /home in place on a phone and then works', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const consoleErrors = watchConsole(page);
    const removedHero = await watchRemovals(page, '#home-hero-title');
    await page.goto(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Our Reach' }).waitFor();
    await waitForHydration(page, '#home-hero-title');
    // No script was fetched before the page was painted (first-paint.js, ADR 022), and the
    // page's own chunk was preloaded beside the entry, not after it.
    const loading = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
      return { paint, scripts };
    });
    expect(loading.scripts.length).toBeGreaterThan(1);
    for (const script of loading.scripts) expect(script.startTime).toBeGreaterThan(loading.paint);
    expect(loading.scripts.some((script) => /home-page-.*\.js$/.test(script.name))).toBe(true);
    // Working: the burger opens the menu (its code loads on the first tap).
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await removedHero()).toBe(0);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("answers a tap made before the page's code arrived, once the page is alive", async () => {
    // Not newPage: its goto waits for the app, and this tap must come before it.
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-ZA' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto(`${portal.url}/home`);
    // The server's burger, tapped while no app code has run: nothing may happen yet.
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(
      false,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    releaseScripts();
    // The held tap is replayed on the same button once the app has taken the page over.
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates the marketplace in place on a desk, and its links then navigate in the page', async () => {
    const { context, page } = await newPage(browser);
    const consoleErrors = watchConsole(page);
    const removedHeading = await watchRemovals(page, 'main h1');
    await page.goto(`${portal.url}/marketplace`);
    await page.getByText('Ubuntu Starter').filter({ visible: true }).first().waitFor();
    // The desk's header was written on the server: its menu is there from the start.
    await page.getByRole('navigation', { name: 'Main', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Register / Log In' }).waitFor();
    await waitForHydration(page, 'main h1');
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('heading', { name: 'Our Reach' }).waitFor();
    expect(await removedHeading()).toBe(0);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('keeps the ids the server wrote: every label and ARIA reference finds its element, before and after a list opens', async () => {
    const { context, page } = await newPage(browser);
    const html = await (await fetch(`${portal.url}/marketplace`)).text();
    const serverInputIds = [...html.matchAll(/<input\b[^>]*?\sid="([^"]+)"/g)].map((m) => m[1]!);
    expect(serverInputIds.length).toBeGreaterThanOrEqual(3);
    await page.goto(`${portal.url}/marketplace`);
    await waitForHydration(page, 'main h1');
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    // Hydration keeps them: Mantine's own useId gave every field a new one after mount, in a
    // second, blocking render of the whole page (ADR 024).
    const replaced = await page.evaluate(
      (ids) => ids.filter((id) => document.getElementById(id) === null),
      serverInputIds,
    );
    expect(replaced).toEqual([]);
    const unresolvedReferences = () =>
      page.evaluate(() => {
        const missing: string[] = [];
        const check = (element: Element, attribute: string) => {
          for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
            if (!document.getElementById(id)) missing.push(`${attribute}=${id}`);
          }
        };
        document.querySelectorAll('label[for]').forEach((label) => check(label, 'for'));
        for (const attribute of ['aria-labelledby', 'aria-describedby', 'aria-controls']) {
          document
            .querySelectorAll(`[${attribute}]`)
            .forEach((element) => check(element, attribute));
        }
        return missing;
      });
    expect(await unresolvedReferences()).toEqual([]);
    const select = page.getByRole('combobox', { name: 'Operating System', exact: true });
    expect(await page.locator('label', { hasText: 'Operating System' }).count()).toBeGreaterThan(0);
    await select.click();
    const list = page.getByRole('listbox');
    await list.waitFor();
    // The list the app renders now is the one the server-written input names.
    expect(await select.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await unresolvedReferences()).toEqual([]);
    await context.close();
  });

  it('writes the page in the language a visitor chose on an earlier visit', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const consoleErrors = watchConsole(page);
    await useLanguage(page, 'ko');
    await page.goto(`${portal.url}/home`);
    await page.getByRole('heading', { name: '글로벌 거점' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ko');
    await screenshot(page, 'first-render-home-ko-phone');
    expect(consoleErrors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("writes a Korean company's pages in Korean and hydrates them in place", async () => {
    await portal.setCompany('demo', { defaultLanguage: 'ko' });
    try {
      const { context, page } = await newPage(browser, { viewport: PHONE });
      const consoleErrors = watchConsole(page);
      const removedHero = await watchRemovals(page, '#home-hero-title');
      await page.goto(`${portal.url}/home`);
      await page.getByRole('heading', { name: '글로벌 거점' }).waitFor();
      await waitForHydration(page, '#home-hero-title');
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ko');
      expect(await removedHero()).toBe(0);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    } finally {
      await portal.setCompany('demo', { defaultLanguage: 'en' });
    }
  });

  it("writes a signed-in customer's profile for them, private, and hydrates it in place", async () => {
    const customer = await registerCustomer(portal);
    const { context, page } = await newPage(browser);
    const consoleErrors = watchConsole(page);
    await logIn(page, portal, customer);
    const cookie = (await context.cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const serverInputIds = new Map<string, string[]>();
    for (const tab of ['1', '2', '3', '6']) {
      const response = await fetch(`${portal.url}/customerprofile/${tab}`, { headers: { cookie } });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const html = await response.text();
      expect(html).toContain('id="cp-first-render"');
      expect(html).toContain(customer.email);
      const ids = [...html.matchAll(/<input\b[^>]*?\sid="([^"]+)"/g)].map((match) => match[1]!);
      serverInputIds.set(tab, ids);
    }
    // The details form's fields at least.
    expect(serverInputIds.get('2')!.length).toBeGreaterThanOrEqual(8);
    // Without the session the same page is the shell (and the browser asks for a login).
    const visitor = await (await fetch(`${portal.url}/customerprofile/2`)).text();
    expect(visitor).toContain('<div id="root"></div>');

    const removedHeading = await watchRemovals(page, 'main h1');
    for (const tab of ['1', '2', '3', '6']) {
      await page.goto(`${portal.url}/customerprofile/${tab}`);
      await waitForHydration(page, 'main h1');
      // The browser's own cookies reach the page's request (the access cookie's path is /, ADR
      // 006), so the server wrote this page and it hydrated in place, its fields keeping the
      // server's ids. Under /api, the browser got the shell and wrote the page itself.
      await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
      const missing = await page.evaluate(
        (ids) => ids.filter((id) => document.getElementById(id) === null),
        serverInputIds.get(tab)!,
      );
      expect(missing, `ids the server wrote on /customerprofile/${tab}`).toEqual([]);
    }
    await screenshot(page, 'first-render-profile-desktop');

    expect(await removedHeading()).toBe(0);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
