import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { virtualMachines } from '../apps/api/src/db/schema/virtual-machines';
import {
  launchBrowser,
  newPage,
  pageErrors,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
} from './support/browser';
import { logIn, registerCustomer, type Customer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';
import { activeVms, chooseSandbox, insertVm, payInSandbox, productIds } from './support/vm';

/**
 * Issue 25, items 15, 18, 19 and 20 in Chromium: a clone page opened directly and reloaded keeps
 * its clone type; a clone is named for its machine and viewed in the machine's own access panel;
 * the alias dialog says Edit once there is an alias; a multi-renew invoice lists each machine;
 * its receipt opens fitted on a 360 px phone. English at 1280 px, Korean at 360 px.
 */

process.env.E2E_SIMULATOR_OPERATION_MS ??= '500';

const DESKTOP_1280 = { width: 1280, height: 900 };

let portal: Portal;
let browser: Browser;
let customer: Customer;
let context: BrowserContext;
let page: Page;
let vmId: number;
let starterId: number;

async function openBackupTab(on: Page) {
  await on.goto(`${portal.url}/CustomerProfile/2`);
  await on.getByRole('tab', { name: /Backup|백업/ }).click();
  await on.getByTestId('backup-vm').first().waitFor();
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  customer = await registerCustomer(portal);
  ({ page, context } = await newPage(browser, { viewport: DESKTOP_1280 }));
  await logIn(page, portal, customer);
  starterId = (await productIds(portal))['Ubuntu Starter']!;
  await page.goto(`${portal.url}/productdetails/${starterId}?period=30`);
  await page.getByTestId('buy-now').click();
  await chooseSandbox(page);
  await page.getByTestId('invoice').waitFor();
  await payInSandbox(page);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = (await activeVms(page)).find((vm) => vm.status === 'running');
    if (running) {
      vmId = running.ID;
      break;
    }
    if (Date.now() > deadline) throw new Error('the bought VM never ran');
    await page.waitForTimeout(500);
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.close();
});

describe('a clone page keeps its type (item 15)', () => {
  it('opens directly, survives a reload and buys what the URL says', async () => {
    await page.goto(`${portal.url}/buysnapshotvm/${vmId}`);
    await page.getByTestId('backup-type-snapshot').waitFor();
    expect(await page.getByTestId('backup-type-snapshot').isChecked()).toBe(true);
    // The customer switches to a clone: the URL keeps it through a reload.
    await page.getByTestId('backup-type-clone').check();
    await page.waitForURL(/\?type=Clone$/);
    await page.reload();
    await page.getByTestId('backup-type-clone').waitFor();
    expect(await page.getByTestId('backup-type-clone').isChecked()).toBe(true);
    await screenshot(page, 'docs-forms-clone-type-reloaded');
    await page.getByTestId('buy-now').click();
    await chooseSandbox(page);
    await page.waitForURL(/\/purchasedetails\/2\?orderID=/);
    await page.getByTestId('invoice').waitFor();
    expect(await page.getByText('Please select clone vm type').count()).toBe(0);
    expect(await page.getByTestId('invoice-kind').textContent()).toBe('Clone');
    await payInSandbox(page);
  });
});

describe('clones named and viewed like machines (item 20)', () => {
  it('names the clone for its machine and shows the machine’s access panel', async () => {
    await openBackupTab(page);
    const card = page.locator(`[data-testid="backup-vm"][data-vm-id="${vmId}"]`);
    await card.getByTestId('backup-toggle').click();
    const row = card.getByTestId('backup-row').first();
    await row.locator('[data-testid="backup-status"][data-status="ready"]').waitFor({
      timeout: 30_000,
    });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Ubuntu Starter clone 1');
    expect(text).not.toMatch(/order-\d/);
    await row.getByTestId('backup-view').click();
    const access = page.getByTestId('backup-access-dialog');
    await access.getByTestId('backup-access').waitFor();
    await access.getByTestId('backup-access-copy-password').waitFor();
    await access.getByTestId('backup-access-once').waitFor();
    await screenshot(page, 'docs-forms-clone-access');
    await access.getByTestId('backup-access-close').click();
    await access.waitFor({ state: 'detached' });
  });

  it('says Add alias name first and Edit alias name once there is one', async () => {
    await page.goto(`${portal.url}/CustomerProfile/2`);
    const row = page.locator('[data-testid="vm-row"]:visible').first();
    await row.getByTestId('vm-alias-edit').click();
    const alias = page.getByTestId('alias-dialog');
    await alias.getByText('Add alias name').waitFor();
    await alias.getByTestId('alias-input').fill('Accounts server');
    await alias.getByTestId('alias-save').click();
    await alias.waitFor({ state: 'detached' });
    await row.getByTestId('vm-alias-edit').click();
    await alias.getByText('Edit alias name').waitFor();
    await screenshot(page, 'docs-forms-alias-edit');
    await page.keyboard.press('Escape');
  });

  it('fits a phone in Korean', async () => {
    const { page: phone, context: phoneContext } = await newPage(browser, { viewport: PHONE });
    await logIn(phone, portal, customer);
    await useLanguage(phone, 'ko');
    await openBackupTab(phone);
    const card = phone.locator(`[data-testid="backup-vm"][data-vm-id="${vmId}"]`);
    await card.getByTestId('backup-toggle').click();
    const row = card.getByTestId('backup-row').first();
    await row.waitFor();
    await row.getByTestId('backup-view').click();
    const access = phone.getByTestId('backup-access-dialog');
    await access.getByTestId('backup-access').waitFor();
    await access.getByText('비밀번호 복사').waitFor();
    await screenshot(phone, 'docs-forms-clone-access-ko-phone');
    expect(pageErrors(phone)).toEqual([]);
    await phoneContext.close();
  });
});

describe('a multi-renew invoice and receipt (items 18 and 19)', () => {
  it('lists each machine with its days and lines, and the receipt opens fitted on a phone', async () => {
    const second = await insertVm(portal, customer, { name: 'db-backup' });
    await portal.database.db
      .update(virtualMachines)
      .set({ productId: starterId, periodDays: 60 })
      .where(eq(virtualMachines.id, second));
    await page.goto(`${portal.url}/renewMultipleVM/${encodeURIComponent(`${vmId},${second}`)}`);
    await page.getByTestId('multi-renew-row').first().waitFor();
    await page.getByTestId('buy-now').click();
    await chooseSandbox(page);
    await page.getByTestId('invoice').waitFor();
    const machines = page.getByTestId('invoice-machine');
    expect(await machines.count()).toBe(2);
    const facts = await page.getByTestId('invoice-machine-facts').allTextContents();
    expect(facts[0]).toContain('30 days');
    expect(facts[1]).toContain('60 days');
    expect(await page.getByTestId('invoice').textContent()).not.toContain('Not set');
    await screenshot(page, 'docs-forms-multi-renew-invoice');
    const invoiceUrl = page.url();

    const { page: phone, context: phoneContext } = await newPage(browser, { viewport: PHONE });
    await logIn(phone, portal, customer);
    await useLanguage(phone, 'ko');
    await payInSandbox(page);

    // The receipt on a 360 px phone, in Korean: fitted, so its title and total are in view.
    const history = await phone.evaluate(async () => {
      const answer = await fetch('/api/profileSetting/purchaseHistory?page=1');
      return (await answer.json()).data.rows as { bankReference: string; receiptToken: string }[];
    });
    const multi = history.find((row) => row.bankReference === 'Multi Renew')!;
    await phone.goto(`${portal.url}/DownloadInvoice/${encodeURIComponent(multi.receiptToken)}`);
    const pdfPage = phone.getByTestId('document-viewer-page').first();
    await pdfPage.waitFor({ timeout: 20_000 });
    const box = (await pdfPage.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await phone.waitForTimeout(500);
    await screenshot(phone, 'docs-forms-receipt-ko-phone');
    expect(pageErrors(phone)).toEqual([]);
    await phoneContext.close();
    expect(invoiceUrl).toContain('/purchasedetails/5');
  });

  it('shows the multi-renew invoice on a phone in Korean', async () => {
    const { page: phone, context: phoneContext } = await newPage(browser, { viewport: PHONE });
    await logIn(phone, portal, customer);
    await useLanguage(phone, 'ko');
    await phone.goto(`${portal.url}/renewMultipleVM/${vmId}`);
    await phone.getByTestId('multi-renew-row').first().waitFor();
    await phone.getByTestId('buy-now').click();
    await chooseSandbox(phone);
    await phone.getByTestId('invoice').waitFor();
    expect(await phone.getByTestId('invoice-machine').count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await phone.getByTestId('invoice').screenshot({
      path: path.join(SCREENSHOT_DIR, 'docs-forms-multi-renew-invoice-ko-phone.png'),
    });
    await phoneContext.close();
  });
});
