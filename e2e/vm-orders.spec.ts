import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility';
import { pageErrors, PHONE, screenshot } from './support/browser';
import { registerCustomer, type Customer } from './support/customer';
import type { Portal } from './support/portal';
import { closeStage, loggedInPage, openStageWithRunningVm } from './support/stage';
import { openSandboxInvoice, payInSandbox } from './support/vm';

/**
 * Issue 11: the order screens of kinds 2–5 in Chromium, on a machine bought through the sandbox:
 * renew → invoice "Renewal" → pay → success; the clone screen's checks and bill; the update
 * screen's modes and the two-disk note; several machines renewed together; Korean at 360 px.
 */

// The simulator's machines come up in half a second: the journeys wait for a running VM.
process.env.E2E_SIMULATOR_OPERATION_MS ??= '500';

let portal: Portal;
let browser: Browser;
let customer: Customer;
let context: BrowserContext;
let page: Page;
let vmId: number;

/** No sideways scrolling at the page's width. */
async function fitsWidth(on: Page, width: number) {
  expect(await on.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  // The paid order becomes a machine with nobody touching it.
  ({ portal, browser, customer, page, context, vmId } = await openStageWithRunningVm(
    'memory=4&disk=100&processor=2&period=90',
  ));
});

afterAll(async () => {
  await closeStage({ portal, browser }, context);
});

describe('renewing a machine', () => {
  it('goes from /renewvm to the invoice of a renewal, paid in the sandbox', async () => {
    await page.goto(`${portal.url}/renewvm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    expect(await page.getByTestId('vm-card-name').textContent()).toContain('Ubuntu Starter');
    // The machine's own period is offered again and chosen; its sizes are shown, not movable.
    expect(await page.getByTestId('renew-period').inputValue()).toBe('90');
    expect(await page.getByTestId('specification-memory').getByRole('slider').isDisabled()).toBe(
      true,
    );
    const bill = page.getByTestId('bill');
    expect(await bill.getByTestId('bill-line-memory').textContent()).toContain('4 GB');
    expect(await bill.textContent()).toMatch(/Arrears for 0 Days/);
    const total = (await page.getByTestId('bill-total-payable').textContent())!;
    expect(total).toMatch(/\d/);
    await screenshot(page, 'vm-orders-renew');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The bookmark keeps the machine's configuration in the Saved Items, once.
    await page.getByTestId('save-for-later').click();
    await page.getByText('Your product has been successfully saved').first().waitFor();
    await page.getByTestId('save-for-later').click();
    await page.getByText('Already in your saved items').first().waitFor();

    await openSandboxInvoice(page, 3);
    expect(await page.getByTestId('invoice-kind').textContent()).toBe('Renewal');
    // The invoice charges the bill the renew screen showed.
    const figure = total.replace(/[^\d.]/g, '');
    expect((await page.getByTestId('invoice').textContent())!.replace(/[^\d.]/g, '')).toContain(
      figure,
    );
    await screenshot(page, 'vm-orders-renew-invoice');
    await payInSandbox(page);
    await page.getByTestId('purchase-successful').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('does not show another customer the machine', async () => {
    const other = await registerCustomer(portal);
    const { page: stranger, context: strangerContext } = await loggedInPage({
      portal,
      browser,
      customer: other,
    });
    await stranger.goto(`${portal.url}/renewvm/${vmId}`);
    await stranger.getByTestId('vm-unavailable').waitFor();
    expect(await stranger.getByTestId('vm-unavailable').textContent()).toContain(
      'Virtual machine not found.',
    );
    expect(await stranger.getByTestId('buy-now').count()).toBe(0);

    // The update screen goes back (opened directly: to the machines) and says why (§2.3, §8).
    await stranger.goto(`${portal.url}/updatevm/${vmId}`);
    await stranger.getByText('Virtual machine not found.').first().waitFor();
    await stranger.waitForURL(/\/CustomerProfile\/2$/);
    await strangerContext.close();
  });
});

describe('the clone and snapshot screen', () => {
  it('asks for a duration and a type, and prices the disk for the hours kept', async () => {
    await page.goto(`${portal.url}/buyclonevm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    const duration = page.getByTestId('backup-duration');
    expect(await duration.inputValue()).toBe('1');
    expect(await duration.getAttribute('placeholder')).toBe('Time (In Days)');
    // At 1 the period types are singular.
    const type = page.getByTestId('backup-duration-type');
    expect(await type.locator('option').allTextContents()).toEqual(['Day', 'Week', 'Month']);
    const oneDay = await page.getByTestId('bill-total-payable').textContent();

    await duration.fill('');
    await page.getByTestId('buy-now').click();
    await page.getByText('Please select duration days').first().waitFor();
    // The page's own kind (/buyclonevm) is the type already chosen, so only the duration is missing.
    expect(await page.getByTestId('backup-type-clone').isChecked()).toBe(true);
    expect(await page.getByText('Please select clone vm type').count()).toBe(0);
    expect(await page.getByTestId('choose-gateway-modal').count()).toBe(0);
    await screenshot(page, 'vm-orders-clone-errors');

    await duration.fill('2');
    expect(await type.locator('option').allTextContents()).toEqual(['Days', 'Weeks', 'Months']);
    await type.selectOption('Weekly');
    // 2 weeks are 336 hours: 14 times the day's price, before rounding.
    expect(await page.getByTestId('bill-note').textContent()).toContain('336 hours');
    expect(await page.getByTestId('bill-total-payable').textContent()).not.toBe(oneDay);
    await page.getByTestId('backup-type-snapshot').check();
    // The messages (and their toasts) go once the choice is right.
    await page.getByText('Please select duration days').first().waitFor({ state: 'detached' });
    expect(await page.getByText('a snapshot excludes RAM and running state').count()).toBe(1);
    await screenshot(page, 'vm-orders-snapshot');
    expect(await accessibilityViolations(page)).toEqual([]);

    await openSandboxInvoice(page, 2);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the update screen', () => {
  it('changes RAM and CPU by default, or adds a disk with the two-disk note', async () => {
    await page.goto(`${portal.url}/updatevm/${vmId}`);
    await page.getByTestId('vm-card').waitFor();
    expect(await page.getByTestId('update-type-ramandcpu').isChecked()).toBe(true);
    await page.getByTestId('update-ram-cpu-mode').waitFor();
    await page.getByTestId('power-off-notice').waitFor();

    // Nothing changed yet: nothing to buy.
    await page.getByTestId('buy-now').click();
    expect(await page.getByTestId('update-problem').textContent()).toBe(
      'Change at least one size to update the virtual machine',
    );
    expect(await page.getByTestId('bill-no-lines').count()).toBe(1);

    // More memory: the bill lists that line (and the processor that follows it) only.
    const memory = page.getByTestId('specification-memory').getByRole('slider');
    await memory.focus();
    await memory.press('ArrowRight');
    await page.getByTestId('bill-line-memory').waitFor();
    expect(await page.getByTestId('bill-line-disk').count()).toBe(0);
    // The VM runs: the change needs the customer's consent to power it off and on.
    await page.getByTestId('buy-now').click();
    await page
      .getByText('Changing RAM or CPU needs the virtual machine shut off', { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'vm-orders-update-ram');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByTestId('update-type-disk').check();
    expect(await page.getByTestId('max-disks-note').textContent()).toBe(
      'A maximum of two Disks can be added to a new Virtual Machine.',
    );
    const addDisk = page.getByTestId('specification-add-disk').getByRole('slider');
    expect(await addDisk.getAttribute('aria-valuemin')).toBe('0');
    await addDisk.focus();
    await addDisk.press('ArrowRight');
    await page.getByTestId('bill-line-disk').waitFor();
    await screenshot(page, 'vm-orders-update-disk');

    await openSandboxInvoice(page, 4);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('renewing several machines', () => {
  it('lists the machines with their days extended and one bill', async () => {
    await page.goto(`${portal.url}/renewMultipleVM/${vmId}`);
    const row = page.getByTestId('multi-renew-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('Ubuntu Starter');
    expect(await page.getByTestId('bill').textContent()).toMatch(/Arrears for 0 Days/);
    await screenshot(page, 'vm-orders-renew-multiple');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(`${portal.url}/renewMultipleVM/not-a-selection`);
    await page.getByTestId('vm-unavailable').waitFor();
  });
});

describe('in Korean on a phone', () => {
  it('shows the renew, clone and update screens at 360 px', async () => {
    const { page: phone, context: phoneContext } = await loggedInPage(
      { portal, browser, customer },
      { viewport: PHONE },
      'ko',
    );
    for (const [path, name] of [
      [`/renewvm/${vmId}`, 'renew'],
      [`/buysnapshotvm/${vmId}`, 'snapshot'],
      [`/updatevm/${vmId}`, 'update'],
      [`/renewMultipleVM/${vmId}`, 'renew-multiple'],
    ] as const) {
      await phone.goto(`${portal.url}${path}`);
      await phone.getByTestId('bill').waitFor();
      await fitsWidth(phone, 360);
      expect(await phone.getByTestId('buy-now').textContent()).toBe('지금 구매');
      await screenshot(phone, `vm-orders-${name}-ko-phone`);
    }
    expect(pageErrors(phone)).toEqual([]);
    await phoneContext.close();
  });
});
