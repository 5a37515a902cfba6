import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { virtualMachines } from '../apps/api/src/db/schema/virtual-machines';
import { accessibilityViolations } from './support/accessibility';
import { pageErrors, PHONE, SCREENSHOT_DIR, screenshot } from './support/browser';
import type { Customer } from './support/customer';
import type { Portal } from './support/portal';
import { openBackupTab, openMachineBackups } from './support/profile';
import { closeStage, loggedInPage, openStageWithRunningVm } from './support/stage';
import { activeVms, openSandboxInvoice, payInSandbox } from './support/vm';

/**
 * Issue 11: the profile's Backup tab (vm-lifecycle.md §2.7) in Chromium: Clone after a confirm
 * → the clone screen with the type chosen → paid in the sandbox → the clone listed, viewed,
 * refused deletion while the machine runs, restored (the page reloads 3 s later); a blocked
 * machine's actions with the spec's tooltip; Korean at 360 px.
 */

process.env.E2E_SIMULATOR_OPERATION_MS ??= '500';

let portal: Portal;
let browser: Browser;
let customer: Customer;
let context: BrowserContext;
let page: Page;
let vmId: number;

beforeAll(async () => {
  ({ portal, browser, customer, page, context, vmId } = await openStageWithRunningVm('period=30'));
});

afterAll(async () => {
  await closeStage({ portal, browser }, context);
});

describe('the Backup tab', () => {
  it('clones a machine after a confirm, and lists, views, restores the clone', async () => {
    const card = await openMachineBackups(page, portal, vmId);
    await card.getByTestId('backups-empty').waitFor();
    await screenshot(page, 'backup-tab');
    expect(await accessibilityViolations(page)).toEqual([]);

    await card.getByTestId('backup-clone').click();
    const confirm = page.getByTestId('backup-confirm');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/buyclonevm/${vmId}$`));
    // The type chosen on the tab is chosen here.
    expect(await page.getByTestId('backup-type-clone').isChecked()).toBe(true);
    await openSandboxInvoice(page, 2);
    await payInSandbox(page);

    await openBackupTab(page, portal);
    await card.getByTestId('backup-toggle').click();
    const row = card.getByTestId('backup-row').first();
    await row.waitFor();
    await row.locator('[data-testid="backup-status"][data-status="ready"]').waitFor({
      timeout: 30_000,
    });
    await screenshot(page, 'backup-tab-clone');

    await row.getByTestId('backup-view').click();
    const access = page.getByTestId('backup-access-dialog');
    await access.getByTestId('backup-access').waitFor();
    expect(await access.getByTestId('backup-access-user').inputValue()).not.toBe('');
    await screenshot(page, 'backup-tab-access');
    await page.keyboard.press('Escape');
    await access.waitFor({ state: 'detached' });

    // The machine runs: a clone cannot be deleted (§8).
    await row.getByTestId('backup-delete').click();
    const remove = page.getByTestId('backup-delete-confirm');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove
      .getByTestId('backup-delete-confirm-error')
      .getByText('Virtual machine must be shut off to perform this operation.')
      .waitFor();
    await remove.getByRole('button', { name: 'No' }).click();

    await row.getByTestId('backup-restore').click();
    const restore = page.getByTestId('backup-restore-confirm');
    await restore.getByRole('button', { name: 'Restore VM' }).click();
    await page.getByText('Clone Virtual Machine restored successfully.').first().waitFor();
    await card.getByTestId('backups-reloading').waitFor();
    // §4: the page reloads 3 seconds after a restore.
    await page.waitForEvent('load', { timeout: 10_000 });
    const machines = await activeVms(page);
    expect(machines.length).toBe(2);
    expect(pageErrors(page)).toEqual([]);
  });

  it('keeps a blocked machine’s Clone and Snapshot with the spec’s tooltip', async () => {
    await portal.database.db
      .update(virtualMachines)
      .set({ isBlocked: true })
      .where(eq(virtualMachines.id, vmId));
    await openBackupTab(page, portal);
    const card = page.locator(`[data-testid="backup-vm"][data-vm-id="${vmId}"]`);
    const clone = card.getByTestId('backup-clone');
    expect(await clone.getAttribute('aria-disabled')).toBe('true');
    expect(await clone.getAttribute('data-unavailable-reason')).toBe(
      'This VM is blocked by admin, so you are not able to clone the VM.',
    );
    await clone.hover();
    await page.getByRole('tooltip').getByText('not able to clone the VM').waitFor();
    await clone.click({ force: true });
    expect(await page.getByTestId('backup-confirm').count()).toBe(0);
    await screenshot(page, 'backup-tab-blocked');
    await portal.database.db
      .update(virtualMachines)
      .set({ isBlocked: false })
      .where(eq(virtualMachines.id, vmId));
  });

  it('fits a phone in Korean', async () => {
    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
      'ko',
    );
    const card = await openMachineBackups(phone, portal, vmId);
    await card
      .locator('[data-testid="backup-row"], [data-testid="backups-empty"]')
      .first()
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screenshot(phone, 'backup-tab-ko-phone');
    await phone
      .getByTestId('backup-tab')
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'backup-tab-ko-phone-tab.png') });
    expect(pageErrors(phone)).toEqual([]);
    await phoneContext.close();
  });
});
