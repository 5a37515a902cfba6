import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import {
  orderTargets,
  virtualMachines,
  vmBackups,
} from '../apps/api/src/db/schema/virtual-machines';
import { newPage, pageErrors, PHONE, SCREENSHOT_DIR, screenshot } from './support/browser';
import type { Customer } from './support/customer';
import { useLanguage } from './support/language';
import type { Portal } from './support/portal';
import { closeStage, loggedInPage, openStage } from './support/stage';
import {
  buyRunningVm,
  openSandboxInvoice,
  insertPaidOrder,
  insertVm,
  ownerOf,
  payInSandbox,
  productIds,
  type Owner,
} from './support/vm';

/**
 * Issue 25, the profile's machine tabs: View Purchase lands on the machine list (21); a paid
 * RAM/CPU update shows its new sizes without a reload (7); every Products column in view from
 * 1280 to 1920 px, none under another (8); the clone icon and its nested rows (9); a renewed
 * machine stays in Renewals as Renewed, its checkbox disabled (10). English and Korean, 1280 and
 * 360 px.
 */

process.env.E2E_SIMULATOR_OPERATION_MS ??= '500';

const DAY_MS = 86_400_000;
const LAPTOP = { width: 1280, height: 800 };

let portal: Portal;
let browser: Browser;
let customer: Customer;
let context: BrowserContext;
let page: Page;
let boughtId: number;
let owner: Owner;

/** A paid renewal (kind 3) of the machine, applied as the renewal job leaves it. */
async function appliedRenewal(vmId: number): Promise<void> {
  const orderId = await insertPaidOrder(portal, owner, {
    reference: `E2E-R-${randomUUID().slice(0, 8)}`,
    kind: 3,
    productName: 'Ubuntu Starter',
    periodDays: 90,
    appliedAt: new Date(),
  });
  await portal.database.db
    .insert(orderTargets)
    .values({ orderId, vmId, companyId: owner.companyId, costMinor: 10_000 });
}

async function setEndsAt(vmId: number, days: number): Promise<void> {
  await portal.database.db
    .update(virtualMachines)
    .set({ endsAt: new Date(Date.now() + days * DAY_MS) })
    .where(eq(virtualMachines.id, vmId));
}

async function insertBackup(vmId: number, kind: 'clone' | 'snapshot', name: string) {
  await portal.database.db.insert(vmBackups).values({
    companyId: owner.companyId,
    customerId: owner.id,
    vmId,
    kind,
    hypervisorRef: randomUUID(),
    name,
    ramGb: 4,
    vcpus: 2,
    diskGb: 80,
    durationCount: 2,
    durationType: 'Weekly',
    status: 'ready',
    expiresAt: new Date(Date.now() + 14 * DAY_MS),
  });
}

/** Where each column of the Products table sits, and whether anything hides or cuts it. */
async function productsLayout(on: Page) {
  return on.getByTestId('products-table').evaluate((table) => {
    const frame = table.parentElement!;
    const frameBox = frame.getBoundingClientRect();
    const covered = (cell: Element) => {
      // Brought to the middle of the window, clear of the sticky header.
      cell.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = cell.getBoundingClientRect();
      // What a pointer at the middle of the cell's content reaches: the cell itself, or over it.
      const hit = document.elementFromPoint(box.left + 12, box.top + box.height / 2);
      return hit === null || !cell.contains(hit);
    };
    const rows = Array.from(table.querySelectorAll('[data-testid="vm-row"]')).map((row) => {
      // §2.7's order: name, alias, OS, processor, memory, disk, activation, expiry, IP, status, actions.
      const cells = row.children;
      const [expiry, ip, status] = [cells[7]!, cells[8]!, cells[9]!];
      const actions = cells[cells.length - 1]!;
      const expiryText = expiry.querySelector('time') ?? expiry;
      return {
        ipRight: ip.getBoundingClientRect().right,
        statusRight: status.getBoundingClientRect().right,
        actionsLeft: actions.getBoundingClientRect().left,
        actionsRight: actions.getBoundingClientRect().right,
        isIpCovered: covered(ip),
        isStatusCovered: covered(status),
        expiryTextRight: expiryText.getBoundingClientRect().right,
        expiryCellRight: expiry.getBoundingClientRect().right,
        isExpiryCut: expiryText.scrollWidth > expiryText.clientWidth + 1,
      };
    });
    return {
      frameRight: frameBox.right,
      viewport: document.documentElement.clientWidth,
      hiddenOverflow: frame.scrollWidth - frame.clientWidth,
      rows,
    };
  });
}

/** A page of its own, signed in as the customer (the journey's cookies), in this language. */
async function signedInPage(
  viewport: { width: number; height: number },
  language: 'en' | 'ko',
): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await newPage(browser, { viewport });
  await opened.context.addCookies(await context.cookies());
  await useLanguage(opened.page, language);
  return opened;
}

beforeAll(async () => {
  ({ portal, browser, customer } = await openStage());
  owner = await ownerOf(portal, customer);
  ({ page, context } = await loggedInPage({ portal, browser, customer }, { viewport: LAPTOP }));
});

afterAll(async () => {
  await closeStage({ portal, browser }, context);
});

describe('the profile after a purchase (items 21 and 7)', () => {
  it('View Purchase lands on the machine list, the personal sections closed', async () => {
    const ids = await productIds(portal);
    boughtId = await buyRunningVm(
      page,
      `${portal.url}/productdetails/${ids['Ubuntu Starter']}?period=30`,
    );
    await page.getByTestId('purchase-successful-view-purchase').click();
    await page.waitForURL(/\/CustomerProfile\/2/);
    await page.getByTestId('vm-row').first().waitFor();
    await page.getByTestId('profile-form').waitFor();
    // The machine list is on screen, under the sticky header (68 px high), once it has settled.
    await page.waitForFunction((height) => {
      const row = document.querySelector('[data-testid="vm-row"]')?.getBoundingClientRect();
      return row !== undefined && row.top >= 68 && row.bottom <= height;
    }, LAPTOP.height);
    for (const section of ['personal', 'billing']) {
      const control = page.getByTestId(`profile-section-${section}`).getByRole('button').first();
      expect(await control.getAttribute('aria-expanded')).toBe('false');
    }
    // The Products tab is chosen and its first machine is on screen, under the sticky header.
    expect(await page.getByRole('tab', { name: /Products/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'profile-tabs-view-purchase-1280.png'),
    });
  });

  it('shows a paid RAM/CPU update being applied, then its new sizes, without a reload', async () => {
    await page.goto(`${portal.url}/updatevm/${boughtId}`);
    await page.getByTestId('update-ram-cpu-mode').waitFor();
    const memory = page.getByTestId('specification-memory').getByRole('slider');
    const before = Number(await memory.getAttribute('aria-valuenow'));
    await memory.focus();
    await memory.press('ArrowRight');
    await page.getByTestId('bill-line-memory').waitFor();
    const after = Number(await memory.getAttribute('aria-valuenow'));
    expect(after).toBeGreaterThan(before);
    await page.getByTestId('power-cycle-consent').check();
    await openSandboxInvoice(page);
    await payInSandbox(page);
    await page.getByTestId('purchase-successful-view-purchase').click();
    await page.waitForURL(/\/CustomerProfile\/2/);

    // The only machine so far.
    const row = page.getByTestId('vm-row').first();
    await row.waitFor();
    // A marker a reload would lose: the new sizes must come without one.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.waitForFunction(
      (gigabytes) =>
        // The memory column (§2.7's fifth).
        document.querySelector('[data-testid="vm-row"] > :nth-child(5)')?.textContent?.trim() ===
        `${gigabytes} GB`,
      after,
      { timeout: 90_000, polling: 250 },
    );
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await row.getByTestId('vm-updating').waitFor({ state: 'detached' });
  });
});

describe('the Products tab (items 8 and 9)', () => {
  beforeAll(async () => {
    // A full page of machines, one with a long name and a public address, one with backups.
    const names = ['Accounts database primary replica', 'Web front', 'Build runner'];
    for (const name of names) await insertVm(portal, customer, { name });
    const [withAddress] = await portal.database.db
      .select({ id: virtualMachines.id })
      .from(virtualMachines)
      .where(eq(virtualMachines.name, 'Web front'));
    await portal.database.db
      .update(virtualMachines)
      .set({ publicAddress: '203.0.113.77' })
      .where(eq(virtualMachines.id, withAddress!.id));
    await insertBackup(boughtId, 'clone', 'Nightly clone');
    await insertBackup(boughtId, 'snapshot', 'Before upgrade');
  });

  for (const language of ['en', 'ko'] as const) {
    it(`keeps every column in view, none under the actions, from 1280 to 1920 px (${language})`, async () => {
      const { page: wide, context: wideContext } = await signedInPage(LAPTOP, language);
      for (const width of [1280, 1440, 1920]) {
        await wide.setViewportSize({ width, height: 900 });
        await wide.goto(`${portal.url}/CustomerProfile/2`);
        await wide.getByTestId('products-table').waitFor();
        await wide.getByTestId('vm-row').nth(3).waitFor();
        await screenshot(wide, `profile-tabs-products-${width}-${language}`);
        const layout = await productsLayout(wide);
        expect(layout.hiddenOverflow, `${width}px: the table scrolls`).toBeLessThanOrEqual(0);
        expect(layout.rows).toHaveLength(4);
        for (const row of layout.rows) {
          expect(row.isIpCovered, `${width}px: IP covered`).toBe(false);
          expect(row.isStatusCovered, `${width}px: status covered`).toBe(false);
          expect(row.ipRight).toBeLessThanOrEqual(row.actionsLeft + 0.5);
          expect(row.statusRight).toBeLessThanOrEqual(row.actionsLeft + 0.5);
          expect(row.actionsRight).toBeLessThanOrEqual(layout.frameRight + 0.5);
          expect(row.isExpiryCut, `${width}px: expiry cut`).toBe(false);
          expect(row.expiryTextRight).toBeLessThanOrEqual(row.expiryCellRight + 0.5);
        }
      }
      expect(pageErrors(wide)).toEqual([]);
      await wideContext.close();
    });
  }

  it('opens the clone icon into nested clone and snapshot rows (1280 px)', async () => {
    await page.goto(`${portal.url}/CustomerProfile/2`);
    const row = page.locator(`[data-testid="vm-row"][data-vm-id="${boughtId}"]`);
    const toggle = row.getByTestId('vm-backups-toggle');
    await toggle.waitFor();
    expect(await toggle.textContent()).toContain('2 backups');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Machines without clones or snapshots have no icon.
    expect(await page.getByTestId('vm-backups-toggle').count()).toBe(1);

    await toggle.click();
    const nested = page.getByTestId('vm-backups');
    await nested.getByTestId('backup-row').nth(1).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-controls')).toBe(await nested.getAttribute('id'));
    const names = await nested.getByTestId('backup-row').locator('th').allTextContents();
    expect(names.sort()).toEqual(['Before upgrade', 'Nightly clone']);
    expect(await nested.getByTestId('backup-view').count()).toBe(2);
    expect(await nested.getByTestId('backup-restore').count()).toBe(2);
    expect(await nested.getByTestId('backup-delete').count()).toBe(2);
    await screenshot(page, 'profile-tabs-nested-backups-1280-en');

    await toggle.click();
    await nested.waitFor({ state: 'detached' });
  });

  it('lays the machines out as cards with their clone icon on a 360 px phone (Korean)', async () => {
    const { page: phone, context: phoneContext } = await signedInPage(PHONE, 'ko');
    await phone.goto(`${portal.url}/CustomerProfile/2`);
    await phone.getByTestId('vm-row').nth(3).waitFor();
    expect(await phone.getByTestId('products-table').count()).toBe(0);
    const toggle = phone.getByTestId('vm-backups-toggle');
    await toggle.click();
    await phone.getByTestId('vm-backups').getByTestId('backup-row').nth(1).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'profile-tabs-products-360-ko');
    await phone
      .getByTestId('vm-row')
      .filter({ has: phone.getByTestId('vm-backups') })
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-tabs-products-360-ko-card.png') });
    expect(pageErrors(phone)).toEqual([]);
    await phoneContext.close();
  });
});

describe('the Renewals tab (item 10)', () => {
  let renewedId: number;
  let dueId: number;

  beforeAll(async () => {
    renewedId = await insertVm(portal, customer, { name: 'Renewed for a quarter' });
    await appliedRenewal(renewedId);
    await setEndsAt(renewedId, 95);
    dueId = await insertVm(portal, customer, { name: 'Due this week' });
    await setEndsAt(dueId, 5);
  });

  for (const [language, viewport] of [
    ['en', LAPTOP],
    ['ko', LAPTOP],
    ['en', PHONE],
    ['ko', PHONE],
  ] as const) {
    it(`keeps a renewed machine listed as Renewed, its checkbox disabled (${language}, ${viewport.width} px)`, async () => {
      const { page: on, context: onContext } = await signedInPage(viewport, language);
      await on.goto(`${portal.url}/CustomerProfile/3`);
      await on.getByTestId('renewal-row').first().waitFor();
      const renewed = on.locator(`[data-testid="renewal-row"][data-vm-id="${renewedId}"]`);
      const due = on.locator(`[data-testid="renewal-row"][data-vm-id="${dueId}"]`);
      await renewed.waitFor();
      expect(await renewed.getByTestId('renewal-renewed').textContent()).toBe(
        language === 'en' ? 'Renewed' : '갱신됨',
      );
      expect(await renewed.getByTestId('renewal-select').isDisabled()).toBe(true);
      expect(await renewed.getByTestId('renewal-renew').count()).toBe(0);
      expect(await due.getByTestId('renewal-select').isDisabled()).toBe(false);
      expect(await due.getByTestId('renewal-renew').count()).toBe(1);
      // Soonest expiry first: the machine due this week comes before the renewed one.
      const order = await on
        .getByTestId('renewal-row')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-vm-id'))));
      expect(order.indexOf(dueId)).toBeLessThan(order.indexOf(renewedId));
      await screenshot(on, `profile-tabs-renewals-${viewport.width}-${language}`);
      await on.getByTestId('renewals-tab').screenshot({
        path: path.join(
          SCREENSHOT_DIR,
          `profile-tabs-renewals-${viewport.width}-${language}-tab.png`,
        ),
      });
      expect(pageErrors(on)).toEqual([]);
      await onContext.close();
    });
  }
});
