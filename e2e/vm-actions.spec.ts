import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility';
import { launchBrowser, newPage, pageErrors, PHONE, screenshot } from './support/browser';
import { logIn, registerCustomer, type Customer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';
import { buyWithSandbox, insertVm, productIds } from './support/vm';

/**
 * Issue 11, the Products tab's VM actions in Chromium: a VM bought with the sandbox gateway comes
 * up Running; its access details show a masked one-time password that can be revealed and is new
 * each time; Delete is refused while it runs; an alias is set; it is shut down, started, powered
 * off (after a confirmation) and deleted. A blocked VM's actions stay unavailable with the spec's
 * tooltips. Phone width and Korean.
 */

let portal: Portal;
let browser: Browser;
let customer: Customer;
let products: Record<string, number>;

beforeAll(async () => {
  // The simulator's operations take 0.8 s here rather than 3 s, so the journey stays short.
  process.env.E2E_SIMULATOR_OPERATION_MS = '800';
  try {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  } finally {
    delete process.env.E2E_SIMULATOR_OPERATION_MS;
  }
  customer = await registerCustomer(portal);
  products = await productIds(portal);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function loggedInPage(options: { viewport?: { width: number; height: number } } = {}) {
  const { page, context } = await newPage(browser, options);
  await logIn(page, portal, customer);
  return { page, context };
}

const starterUrl = () =>
  `${portal.url}/productdetails/${products['Ubuntu Starter']}?memory=4&disk=100&processor=2&period=90`;

const statusOf = (row: Locator, status: string) =>
  row.locator(`[data-testid="vm-status"][data-status="${status}"]`);

async function openProducts(page: Page) {
  await page.goto(`${portal.url}/CustomerProfile/2`);
  await page.getByTestId('products-tab').waitFor();
}

async function choosePower(page: Page, row: Locator, action: string) {
  await row.getByTestId('vm-power').click();
  await page.getByTestId(`vm-${action}`).click();
}

describe('the VM actions of the Products tab', () => {
  it('views access, refuses a running delete, sets an alias, powers the VM and deletes it', async () => {
    const { page, context } = await loggedInPage();
    await buyWithSandbox(page, starterUrl());
    await openProducts(page);
    const row = page.getByTestId('vm-row').filter({ hasText: 'Ubuntu Starter' }).first();
    await statusOf(row, 'running').waitFor({ timeout: 45_000 });

    // View: the password is masked until asked for, and new at every opening.
    await row.getByTestId('vm-view').click();
    const view = page.getByTestId('view-vm-dialog');
    const password = view.getByTestId('view-vm-password');
    await password.waitFor();
    expect(await password.getAttribute('type')).toBe('password');
    const firstPassword = await password.inputValue();
    expect(firstPassword).toMatch(/^[\w-]{16}$/);
    expect(await view.getByTestId('view-vm-user').inputValue()).toBe('ubuntu');
    expect(await view.getByTestId('view-vm-once').textContent()).toContain('shown only this once');
    const consoleLink = view.getByTestId('view-vm-console');
    expect(await consoleLink.getAttribute('target')).toBe('_blank');
    expect(await consoleLink.getAttribute('rel')).toContain('noopener');
    expect(await consoleLink.getAttribute('href')).toContain('/api/hypervisors/simulator/console/');
    await view.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await view.locator('[data-testid="vm-live-state"][data-state="running"]').waitFor();
    await screenshot(page, 'vm-actions-view');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The console opens in a new tab and takes the one-time password once.
    const [consolePage] = await Promise.all([context.waitForEvent('page'), consoleLink.click()]);
    await consolePage.getByLabel('One-time password').fill(firstPassword);
    await consolePage.getByRole('button', { name: 'Connect' }).click();
    await consolePage.getByText('Connected.', { exact: false }).waitFor();
    await screenshot(consolePage, 'vm-actions-console');
    await consolePage.close();
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    await row.getByTestId('vm-view').click();
    await password.waitFor();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.inputValue()).not.toBe(firstPassword);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // Delete while running: the server's refusal, word for word, in the dialog.
    await row.getByTestId('vm-delete').click();
    const confirmDelete = page.getByTestId('delete-vm-dialog');
    await confirmDelete.getByRole('button', { name: 'Yes, delete' }).click();
    await confirmDelete
      .getByTestId('delete-vm-dialog-error')
      .getByText('Virtual machine must be shut off to perform this operation.')
      .waitFor();
    await screenshot(page, 'vm-actions-delete-refused');
    await confirmDelete.getByRole('button', { name: 'No' }).click();
    await confirmDelete.waitFor({ state: 'hidden' });

    // Alias: the rule first, then the server's data.msg.
    await row.getByTestId('vm-alias-edit').click();
    const alias = page.getByTestId('alias-dialog');
    await alias.getByTestId('alias-input').fill('   ');
    await alias.getByTestId('alias-save').click();
    await alias.getByText('Alias name required').waitFor();
    await alias.getByTestId('alias-input').fill('Accounts server');
    await alias.getByTestId('alias-save').click();
    await page.getByText('Alias name updated successfully').waitFor();
    await row.getByTestId('vm-alias').getByText('Accounts server').waitFor();

    // Power: shut down, start again, then power off after saying yes.
    await choosePower(page, row, 'shutdownVM');
    await statusOf(row, 'shutoff').waitFor({ timeout: 30_000 });
    await choosePower(page, row, 'startVM');
    await statusOf(row, 'running').waitFor({ timeout: 30_000 });
    await choosePower(page, row, 'powerOffVM');
    const powerOff = page.getByTestId('power-off-dialog');
    await powerOff.getByText('like pulling the plug', { exact: false }).waitFor();
    await powerOff.getByRole('button', { name: 'Power off' }).click();
    await statusOf(row, 'shutoff').waitFor({ timeout: 30_000 });
    await screenshot(page, 'vm-actions-shut-off');

    // Deleted once shut off: the row leaves the tab.
    await row.getByTestId('vm-delete').click();
    await confirmDelete.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Virtual machine deleted successfully.').waitFor();
    await page
      .getByTestId('vm-row')
      .filter({ hasText: 'Ubuntu Starter' })
      .first()
      .waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("keeps a blocked VM's actions unavailable, with the spec's tooltips", async () => {
    await insertVm(portal, customer, { name: 'Blocked box', isBlocked: true });
    const { page, context } = await loggedInPage();
    await openProducts(page);
    const row = page.getByTestId('vm-row').filter({ hasText: 'Blocked box' }).first();
    await row.getByTestId('vm-blocked').waitFor();

    const viewButton = row.getByTestId('vm-view');
    expect(await viewButton.getAttribute('aria-disabled')).toBe('true');
    await viewButton.focus();
    await page
      .getByRole('tooltip')
      .getByText('This VM is blocked by admin, so you are not able to use the VM.')
      .waitFor();
    await viewButton.click({ force: true });
    expect(await page.getByTestId('view-vm-dialog').count()).toBe(0);

    const update = row.getByTestId('vm-update');
    expect(await update.getAttribute('aria-disabled')).toBe('true');
    await update.hover();
    await page
      .getByRole('tooltip')
      .getByText('This VM is blocked by admin, so you are not able to update the VM.')
      .waitFor();
    expect(await row.getByTestId('vm-power').getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'vm-actions-blocked');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('fits a phone, in Korean too', async () => {
    await insertVm(portal, customer, { name: 'Phone box', status: 'shutoff' });
    const { page, context } = await loggedInPage({ viewport: PHONE });
    await openProducts(page);
    const row = page.getByTestId('vm-row').filter({ hasText: 'Phone box' }).first();
    await row.getByTestId('vm-actions').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'vm-actions-phone');
    expect(await accessibilityViolations(page)).toEqual([]);

    await row.getByTestId('vm-alias-edit').click();
    await page.getByTestId('alias-dialog').getByTestId('alias-input').waitFor();
    await screenshot(page, 'vm-actions-phone-alias');
    await page.keyboard.press('Escape');
    await context.close();

    const korean = await newPage(browser, { viewport: PHONE, locale: 'ko-KR' });
    await logIn(korean.page, portal, customer);
    await useLanguage(korean.page, 'ko');
    await openProducts(korean.page);
    const koreanRow = korean.page.getByTestId('vm-row').filter({ hasText: 'Phone box' }).first();
    await koreanRow.getByTestId('vm-view').getByText('보기').waitFor();
    await koreanRow.getByTestId('vm-delete').getByText('삭제').waitFor();
    await screenshot(korean.page, 'vm-actions-phone-ko');
    expect(pageErrors(korean.page)).toEqual([]);
    await korean.context.close();
  });
});
