import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { virtualMachines } from '../apps/api/src/db/schema/virtual-machines';
import { pageErrors, PHONE, SCREENSHOT_DIR, screenshot } from './support/browser';
import type { Customer } from './support/customer';
import type { Portal } from './support/portal';
import { openMachineBackups } from './support/profile';
import { closeStage, loggedInPage, openStageWithRunningVm } from './support/stage';
import { openSandboxInvoice, insertVm, payInSandbox } from './support/vm';

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

beforeAll(async () => {
  ({ portal, browser, customer, page, context, starterId, vmId } = await openStageWithRunningVm(
    'period=30',
    { viewport: DESKTOP_1280 },
  ));
});

afterAll(async () => {
  await closeStage({ portal, browser }, context);
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
    await openSandboxInvoice(page, 2);
    expect(await page.getByText('Please select clone vm type').count()).toBe(0);
    expect(await page.getByTestId('invoice-kind').textContent()).toBe('Clone');
    await payInSandbox(page);
  });
});

describe('clones named and viewed like machines (item 20)', () => {
  it('names the clone for its machine and shows the machine’s access panel', async () => {
    const card = await openMachineBackups(page, portal, vmId);
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
    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
      'ko',
    );
    const card = await openMachineBackups(phone, portal, vmId);
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
    await openSandboxInvoice(page);
    const machines = page.getByTestId('invoice-machine');
    expect(await machines.count()).toBe(2);
    const facts = await page.getByTestId('invoice-machine-facts').allTextContents();
    expect(facts[0]).toContain('30 days');
    expect(facts[1]).toContain('60 days');
    expect(await page.getByTestId('invoice').textContent()).not.toContain('Not set');
    await screenshot(page, 'docs-forms-multi-renew-invoice');
    const invoiceUrl = page.url();

    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
      'ko',
    );
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
    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
      'ko',
    );
    await phone.goto(`${portal.url}/renewMultipleVM/${vmId}`);
    await phone.getByTestId('multi-renew-row').first().waitFor();
    await openSandboxInvoice(phone);
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
