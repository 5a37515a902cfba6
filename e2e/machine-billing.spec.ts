import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatPurchaseDate } from '../apps/web/src/features/machines/components/purchase-history-format';
import { pageErrors, PHONE, screenshot } from './support/browser';
import type { Customer } from './support/customer';
import { useLanguage } from './support/language';
import type { Portal } from './support/portal';
import { openBackupTab, openMachineBackups } from './support/profile';
import { closeStage, loggedInPage, openStageWithRunningVm } from './support/stage';
import { openSandboxInvoice, payInSandbox } from './support/vm';

/**
 * Issue 25 items 5 and 6 in Chromium, on a machine bought through the sandbox (Ubuntu Starter,
 * 6 GB / 80 GB / 4 vCPU for 90 days): two "Add Disk" updates and every screen then says 120 GB,
 * with the same card price on Update and Renew; a two-week clone of it, restored, runs until its
 * own end date (14 days), not its parent's 90.
 */

process.env.E2E_SIMULATOR_OPERATION_MS ??= '500';

const DAY_MS = 86_400_000;

let portal: Portal;
let browser: Browser;
let customer: Customer;
let context: BrowserContext;
let page: Page;
let vmId: number;

type SizedVm = {
  ID: number;
  disk_Count: number;
  endDate: string | null;
  isClone: number;
  status: string;
};

async function machines(on: Page): Promise<SizedVm[]> {
  return on.evaluate(async () => {
    const answer = await fetch('/api/vmAction/activeVMs?page=1');
    return (await answer.json()).data.rows;
  });
}

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen`);
    await page.waitForTimeout(500);
  }
}

/** The card's PRICE fact (the figure after "Price"). */
async function cardPrice(on: Page): Promise<string> {
  const text = (await on.getByTestId('vm-card').textContent()) ?? '';
  const price = /Price\s*(R\s?[\d,\s]+\.\d\d)/.exec(text);
  if (!price) throw new Error(`no price on the card: ${text}`);
  return price[1]!.replace(/\s/g, '');
}

/** Update → Disk → 20 GB more → Buy Now → sandbox → paid; then waits for the disk. */
async function addDisk(diskAfter: number) {
  await page.goto(`${portal.url}/updatevm/${vmId}`);
  await page.getByTestId('vm-card').waitFor();
  await page.getByTestId('update-type-disk').check();
  const slider = page.getByTestId('specification-add-disk').getByRole('slider');
  await slider.focus();
  // The Disk line's step is 10 GB: two steps.
  await slider.press('ArrowRight');
  await slider.press('ArrowRight');
  expect(await slider.getAttribute('aria-valuenow')).toBe('20');
  await page.getByTestId('bill-line-disk').waitFor();
  await openSandboxInvoice(page, 4);
  await payInSandbox(page);
  await waitFor(`the disk of ${diskAfter} GB`, async () =>
    (await machines(page)).some((vm) => vm.ID === vmId && vm.disk_Count === diskAfter),
  );
}

beforeAll(async () => {
  ({ portal, browser, customer, page, context, vmId } = await openStageWithRunningVm(
    'memory=6&disk=80&processor=4&period=90',
  ));
});

afterAll(async () => {
  await closeStage({ portal, browser }, context);
});

describe('added disks are shown and billed alike (issue 25 item 5)', () => {
  it('shows 120 GB on the Products and Backup tabs, Update and Renew, with one card price', async () => {
    await addDisk(100);
    await addDisk(120);

    await page.goto(`${portal.url}/CustomerProfile/2`);
    const row = page.getByTestId('vm-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('120 GB');
    await screenshot(page, 'machine-billing-products');

    await openBackupTab(page, portal);
    const card = page.locator(`[data-testid="backup-vm"][data-vm-id="${vmId}"]`);
    expect(await card.textContent()).toContain('120 GB disk');
    await screenshot(page, 'machine-billing-backup-tab');

    await page.goto(`${portal.url}/updatevm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    expect(await page.getByTestId('vm-card').textContent()).toContain('120 GB');
    const updatePrice = await cardPrice(page);
    await screenshot(page, 'machine-billing-update');

    await page.goto(`${portal.url}/renewvm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    expect(await page.getByTestId('renew-period').inputValue()).toBe('90');
    expect(await page.getByTestId('vm-card').textContent()).toContain('120 GB');
    // (6 × 45.00 + 120 × 1.20 + 4 × 60.00) × 3 = 1 962.00; the Disk line 120 × 1.20 × 3 = 432.00.
    const renewPrice = await cardPrice(page);
    expect(renewPrice).toBe('R1,962.00');
    expect(updatePrice).toBe(renewPrice);
    const diskLine = (await page.getByTestId('bill-line-disk').textContent()) ?? '';
    expect(diskLine).toContain('120 GB');
    expect(diskLine).toContain('432.00');
    await screenshot(page, 'machine-billing-renew');
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone, in English and in Korean', async () => {
    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
    );
    for (const language of ['en', 'ko'] as const) {
      await useLanguage(phone, language);
      await phone.goto(`${portal.url}/CustomerProfile/2`);
      const row = phone.getByTestId('vm-row').first();
      await row.waitFor();
      expect(await row.textContent()).toMatch(/120\s?GB/);
      await screenshot(phone, `machine-billing-products-${language}-phone`);
      for (const [path, name] of [
        [`/updatevm/${vmId}`, 'update'],
        [`/renewvm/${vmId}`, 'renew'],
      ] as const) {
        await phone.goto(`${portal.url}${path}`);
        await phone.getByTestId('bill').waitFor();
        expect(await phone.getByTestId('vm-card').textContent()).toMatch(/120\s?GB/);
        expect(
          await phone.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(360);
        await screenshot(phone, `machine-billing-${name}-${language}-phone`);
      }
    }
    expect(pageErrors(phone)).toEqual([]);
    await phoneContext.close();
  });
});

describe('a restored clone runs for what was paid (issue 25 item 6)', () => {
  it('buys a two-week clone, restores it, and shows its own end date', async () => {
    await page.goto(`${portal.url}/buyclonevm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    await page.getByTestId('backup-duration').fill('2');
    await page.getByTestId('backup-duration-type').selectOption('Weekly');
    await page.getByTestId('backup-type-clone').check();
    expect(await page.getByTestId('bill-note').textContent()).toContain('336 hours');
    await openSandboxInvoice(page, 2);
    await payInSandbox(page);

    const card = await openMachineBackups(page, portal, vmId);
    const backupRow = card.getByTestId('backup-row').first();
    await backupRow.locator('[data-testid="backup-status"][data-status="ready"]').waitFor({
      timeout: 30_000,
    });
    await backupRow.getByTestId('backup-restore').click();
    await page
      .getByTestId('backup-restore-confirm')
      .getByRole('button', { name: 'Restore VM' })
      .click();
    await page.getByText('Clone Virtual Machine restored successfully.').first().waitFor();
    await page.waitForEvent('load', { timeout: 10_000 });

    const all = await machines(page);
    const parent = all.find((vm) => vm.ID === vmId)!;
    const clone = all.find((vm) => vm.isClone === 1)!;
    expect(clone).toBeDefined();
    // Its own two weeks from when it was made, not its parent's 90 days.
    const left = new Date(clone.endDate!).getTime() - Date.now();
    expect(left).toBeGreaterThan(13.9 * DAY_MS);
    expect(left).toBeLessThanOrEqual(14 * DAY_MS);
    expect(new Date(parent.endDate!).getTime() - Date.now()).toBeGreaterThan(89 * DAY_MS);

    await page.goto(`${portal.url}/CustomerProfile/2`);
    const cloneRow = page.getByTestId('vm-row').filter({ hasText: 'clone' }).first();
    await cloneRow.waitFor();
    expect(await cloneRow.textContent()).toContain(formatPurchaseDate(clone.endDate!, 'en'));
    expect(await cloneRow.textContent()).not.toContain(formatPurchaseDate(parent.endDate!, 'en'));
    await screenshot(page, 'machine-billing-restored-clone');

    // Renewed like any machine at its own sizes' price: once the tab has seen it run, the renew
    // screen opens for it (a copy of all 120 GB).
    await waitFor('the restored clone running', async () =>
      (await machines(page)).some((vm) => vm.ID === clone.ID && vm.status === 'running'),
    );
    await page.goto(`${portal.url}/renewvm/${clone.ID}`);
    await page.getByTestId('vm-card').waitFor();
    expect(await page.getByTestId('vm-card').textContent()).toContain('120 GB');
    await page.getByTestId('bill').waitFor();
    await screenshot(page, 'machine-billing-restored-clone-renew');

    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
    );
    await phone.goto(`${portal.url}/CustomerProfile/2`);
    const phoneRow = phone.getByTestId('vm-row').filter({ hasText: 'clone' }).first();
    await phoneRow.waitFor();
    expect(await phoneRow.textContent()).toContain(formatPurchaseDate(clone.endDate!, 'en'));
    await screenshot(phone, 'machine-billing-restored-clone-phone');
    await phoneContext.close();
    expect(pageErrors(page)).toEqual([]);
  });
});
