import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { customers } from '../apps/api/src/db/schema/accounts';
import { simulatedMachines } from '../apps/api/src/db/schema/hypervisors';
import { virtualMachines, vmBackups } from '../apps/api/src/db/schema/virtual-machines';
import { SimulatorHypervisor } from '../apps/api/src/hypervisors/providers/simulator';
import { startJobQueue, type JobQueue } from '../apps/api/src/jobs/job-queue';
import { createMailService } from '../apps/api/src/mail/mail-service';
import { DAY_MS, sweepVmLifecycle } from '../apps/api/src/modules/vms/lifecycle/vm-expiry';
import { accessibilityViolations } from './support/accessibility';
import path from 'node:path';
import {
  launchBrowser,
  newPage,
  pageErrors,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  settleAnimations,
} from './support/browser';
import { logIn, registerCustomer, type Customer } from './support/customer';
import { useLanguage } from './support/language';
import { startPortal, type Portal } from './support/portal';
import { buyWithSandbox, insertVm, productIds } from './support/vm';

/**
 * Issue 11, a VM's life after purchase (ADR 017) in Chromium: a VM bought with the sandbox
 * gateway whose end date comes within 30 days is listed in Renewals; ticking rows shows Renew
 * Selected VM with the right link; Renew asks to proceed. Past its end date the sweep shuts it
 * off (Expired in Renewals); after the grace period it is archived (Archived tab), where Restore
 * says it needs renewing first; once renewed it is restored and runs again. Phone and Korean.
 * An archived VM's clones and snapshots open under its clone icon as nested rows (§2.7 Archived).
 */

const GRACE_DAYS = 7;
let portal: Portal;
let browser: Browser;
let customer: Customer;
let products: Record<string, number>;
/** A second pg-boss client on the portal's database: the sweep's jobs go to the portal's workers. */
let sweepJobs: JobQueue;

beforeAll(async () => {
  process.env.E2E_SIMULATOR_OPERATION_MS = '800';
  try {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  } finally {
    delete process.env.E2E_SIMULATOR_OPERATION_MS;
  }
  sweepJobs = await startJobQueue(portal.database, (error) => console.error('sweep jobs', error));
  customer = await registerCustomer(portal);
  products = await productIds(portal);
});
afterAll(async () => {
  await sweepJobs?.stop();
  await browser?.close();
  await portal?.close();
});

/** The expiry sweep as the scheduled job runs it, at `now`. */
const sweep = (now: Date) =>
  sweepVmLifecycle(
    {
      db: portal.database.db,
      mail: createMailService(portal.database.db, sweepJobs, 'portal@example.com'),
      jobs: sweepJobs,
      archiveGraceDays: GRACE_DAYS,
    },
    now,
  );

async function customerVm(name: string) {
  const [row] = await portal.database.db
    .select({ vm: virtualMachines })
    .from(virtualMachines)
    .innerJoin(customers, eq(customers.id, virtualMachines.customerId))
    .where(and(eq(customers.email, customer.email), eq(virtualMachines.name, name)));
  return row!.vm;
}

const setEndsAt = (vmId: number, endsAt: Date) =>
  portal.database.db.update(virtualMachines).set({ endsAt }).where(eq(virtualMachines.id, vmId));

/** The simulator's view of the VM's machine (asking settles a finished operation). */
async function machineOf(vm: { companyId: number; machineUuid: string | null }) {
  const simulator = new SimulatorHypervisor(
    { operationMs: 800 },
    { database: portal.database.db, companyId: vm.companyId },
  );
  const state = await simulator.status(vm.machineUuid!);
  const [machine] = await portal.database.db
    .select({ isArchived: simulatedMachines.isArchived })
    .from(simulatedMachines)
    .where(eq(simulatedMachines.uuid, vm.machineUuid!));
  return { state, isArchived: machine?.isArchived ?? false };
}

const POLL = { timeout: 30_000, interval: 250 };

async function loggedInPage(
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
) {
  const { page, context } = await newPage(browser, options);
  await logIn(page, portal, customer);
  return { page, context };
}

/** The tab's panel alone (a phone's full page is too tall to judge by eye). */
async function panelShot(page: Page, testId: string, name: string) {
  await settleAnimations(page);
  await page.getByTestId(testId).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function openTab(page: Page, id: 2 | 3 | 6, testId: string) {
  await page.goto(`${portal.url}/CustomerProfile/${id}`);
  await page.getByTestId(testId).waitFor();
}

describe('renewals, expiry and the archive', () => {
  it('lists a VM due for renewal, expires it, archives it and restores it once renewed', async () => {
    const { page, context } = await loggedInPage();
    await openTab(page, 3, 'renewals-tab');
    await page.getByTestId('renewals-empty').waitFor();

    await buyWithSandbox(
      page,
      `${portal.url}/productdetails/${products['Ubuntu Starter']}?memory=4&disk=100&processor=2&period=90`,
    );
    await openTab(page, 2, 'products-tab');
    const product = page.getByTestId('vm-row').filter({ hasText: 'Ubuntu Starter' }).first();
    await product
      .locator('[data-testid="vm-status"][data-status="running"]')
      .waitFor({ timeout: 45_000 });
    const vm = await customerVm('Ubuntu Starter');
    const secondId = await insertVm(portal, customer, { name: 'Second box' });

    // Three days left: Renewals lists it, soonest first.
    await setEndsAt(vm.id, new Date(Date.now() + 3 * DAY_MS));
    await setEndsAt(secondId, new Date(Date.now() + 10 * DAY_MS));
    await openTab(page, 3, 'renewals-tab');
    const rows = page.getByTestId('renewal-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-vm-id')).toBe(String(vm.id));
    expect(await rows.nth(1).getAttribute('data-vm-id')).toBe(String(secondId));

    // Ticking shows Renew Selected VM with the selected IDs.
    expect(await page.getByTestId('renew-selected').count()).toBe(0);
    await rows.nth(0).getByTestId('renewal-select').check();
    const renewSelected = page.getByTestId('renew-selected');
    expect(await renewSelected.getAttribute('href')).toBe(`/renewMultipleVM/${vm.id}`);
    await rows.nth(1).getByTestId('renewal-select').check();
    expect(await renewSelected.getAttribute('href')).toBe(
      `/renewMultipleVM/${vm.id}%2C${secondId}`,
    );
    await page.getByTestId('renewals-selected-count').getByText('2 VMs selected').waitFor();
    await screenshot(page, 'lifecycle-renewals');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Renew asks first, then goes to /renewvm/{ID}.
    await rows.nth(0).getByTestId('renewal-renew').click();
    const confirm = page.getByTestId('renew-confirm');
    await confirm.getByText('Do you want to proceed further?').waitFor();
    await screenshot(page, 'lifecycle-renew-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/renewvm/${vm.id}$`));

    // The end date passes: the sweep shuts it off and Renewals shows it expired.
    await setEndsAt(vm.id, new Date(Date.now() - 60_000));
    await sweep(new Date());
    expect((await customerVm('Ubuntu Starter')).status).toBe('expired');
    await expect.poll(async () => (await machineOf(vm)).state, POLL).toBe('shutoff');
    await openTab(page, 3, 'renewals-tab');
    const expiredRow = page.locator(`[data-testid="renewal-row"][data-vm-id="${vm.id}"]`);
    await expiredRow.locator('[data-testid="renewal-status"][data-status="expired"]').waitFor();
    await panelShot(page, 'renewals-tab', 'lifecycle-renewals-expired');

    // The grace period ends: archived, and listed in the Archived tab.
    await sweep(new Date(Date.now() + GRACE_DAYS * DAY_MS));
    expect((await customerVm('Ubuntu Starter')).status).toBe('archived');
    await expect.poll(async () => (await machineOf(vm)).isArchived, POLL).toBe(true);
    await openTab(page, 6, 'archived-tab');
    const archivedRow = page.locator(`[data-testid="archived-row"][data-vm-id="${vm.id}"]`);
    await archivedRow.waitFor();

    // Not renewed: Restore says why and does nothing.
    const restoreButton = archivedRow.getByTestId('archived-restore');
    expect(await restoreButton.getAttribute('aria-disabled')).toBe('true');
    await restoreButton.hover();
    await page
      .getByRole('tooltip')
      .getByText("This VM's period has ended. Renew it to restore it.")
      .waitFor();
    await restoreButton.click({ force: true });
    expect(await page.getByTestId('restore-archive-confirm').count()).toBe(0);
    await archivedRow.getByTestId('archived-hint').getByText('Renew it to restore it').waitFor();
    await screenshot(page, 'lifecycle-archived');

    await archivedRow.getByTestId('archived-view').click();
    const view = page.getByTestId('archived-view-dialog');
    await view.getByText(vm.machineUuid!).waitFor();
    await screenshot(page, 'lifecycle-archived-view');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // The server refuses as well, with the same words.
    const refused = await page.evaluate(
      async ({ uuid }) => {
        const csrf = document.cookie.match(/(?:^|; )cp_csrf=([^;]+)/)?.[1] ?? '';
        const response = await fetch('/api/virtualMachine/restoreArchiveVM', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
          body: JSON.stringify({ provider: 'Proxmox VE', virtualMachineUUID: uuid }),
        });
        return { status: response.status, body: (await response.json()) as { message: string } };
      },
      { uuid: vm.machineUuid! },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This VM's period has ended. Renew it to restore it.");

    // Renewed (as the renewal's apply job leaves it): Restore brings it back.
    await setEndsAt(vm.id, new Date(Date.now() + 30 * DAY_MS));
    await openTab(page, 6, 'archived-tab');
    await archivedRow
      .getByTestId('archived-hint')
      .getByText('Renewed until', { exact: false })
      .waitFor();
    await archivedRow.getByTestId('archived-restore').click();
    const restore = page.getByTestId('restore-archive-confirm');
    await restore.getByRole('button', { name: 'Yes, restore' }).click();
    await page
      .getByText('Archive Virtual Machine restored successfully.', { exact: false })
      .waitFor();
    // The page reloads after 3 seconds (§9): the VM has left the Archived tab.
    await page.waitForEvent('load', { timeout: 10_000 });
    await page.getByTestId('archived-empty').waitFor();
    await openTab(page, 2, 'products-tab');
    await page
      .getByTestId('vm-row')
      .filter({ hasText: 'Ubuntu Starter' })
      .first()
      .locator('[data-testid="vm-status"][data-status="running"]')
      .waitFor({ timeout: 45_000 });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 240_000);

  it('fits a phone, in Korean too', async () => {
    const due = await insertVm(portal, customer, { name: 'Phone box' });
    await setEndsAt(due, new Date(Date.now() + 2 * DAY_MS));
    const archived = await insertVm(portal, customer, { name: 'Old box', status: 'shutoff' });
    await portal.database.db
      .update(virtualMachines)
      .set({
        status: 'archived',
        endsAt: new Date(Date.now() - 9 * DAY_MS),
        archivedAt: new Date(Date.now() - 2 * DAY_MS),
      })
      .where(eq(virtualMachines.id, archived));

    const { page, context } = await loggedInPage({ viewport: PHONE });
    await openTab(page, 3, 'renewals-tab');
    const row = page.locator(`[data-testid="renewal-row"][data-vm-id="${due}"]`);
    await row.getByTestId('renewal-select').check();
    await page.getByTestId('renew-selected').waitFor();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'lifecycle-renewals-phone');
    await panelShot(page, 'renewals-tab', 'lifecycle-renewals-phone-panel');
    expect(await accessibilityViolations(page)).toEqual([]);
    await openTab(page, 6, 'archived-tab');
    await page.locator(`[data-testid="archived-row"][data-vm-id="${archived}"]`).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'lifecycle-archived-phone');
    await panelShot(page, 'archived-tab', 'lifecycle-archived-phone-panel');
    await context.close();

    const korean = await newPage(browser, { viewport: PHONE, locale: 'ko-KR' });
    await logIn(korean.page, portal, customer);
    await useLanguage(korean.page, 'ko');
    await openTab(korean.page, 3, 'renewals-tab');
    await korean.page
      .locator(`[data-testid="renewal-row"][data-vm-id="${due}"]`)
      .getByTestId('renewal-renew')
      .getByText('갱신')
      .waitFor();
    await screenshot(korean.page, 'lifecycle-renewals-ko');
    await panelShot(korean.page, 'renewals-tab', 'lifecycle-renewals-ko-panel');
    await openTab(korean.page, 6, 'archived-tab');
    await korean.page
      .locator(`[data-testid="archived-row"][data-vm-id="${archived}"]`)
      .getByTestId('archived-hint')
      .getByText('복원하려면 갱신하세요')
      .waitFor();
    await screenshot(korean.page, 'lifecycle-archived-ko');
    await panelShot(korean.page, 'archived-tab', 'lifecycle-archived-ko-panel');
    expect(pageErrors(korean.page)).toEqual([]);
    await korean.context.close();
  }, 120_000);
  it("opens an archived VM's clones and snapshots as nested rows, at a desk and on a phone", async () => {
    const db = portal.database.db;
    const [owner] = await db
      .select({ id: customers.id, companyId: customers.companyId })
      .from(customers)
      .where(eq(customers.email, customer.email));
    // A machine with a clone and a snapshot at the simulator, then shut off and archived, as
    // the sweep leaves one whose period ended with its copies still kept.
    const simulator = new SimulatorHypervisor(
      { operationMs: 800 },
      { database: db, companyId: owner!.companyId },
    );
    const { uuid } = await simulator.create({
      name: 'Kept box',
      image: 'Ubuntu 24.04',
      ramGb: 4,
      vcpus: 2,
      diskGb: 100,
    });
    await expect.poll(() => simulator.status(uuid), POLL).toBe('running');
    const clone = await simulator.clone(uuid, 'Kept box clone');
    const snapshot = await simulator.snapshot(uuid, 'Kept box snapshot');
    await expect.poll(() => simulator.status(clone.uuid), POLL).toBe('shutoff');
    await expect.poll(() => simulator.status(snapshot.snapshotId), POLL).toBe('shutoff');
    await simulator.powerOff(uuid);
    await expect.poll(() => simulator.status(uuid), POLL).toBe('shutoff');
    await simulator.archive(uuid);
    await expect
      .poll(async () => machineOf({ companyId: owner!.companyId, machineUuid: uuid }), POLL)
      .toEqual({ state: 'shutoff', isArchived: true });

    const vmId = await insertVm(portal, customer, { name: 'Kept box', status: 'shutoff' });
    await db
      .update(virtualMachines)
      .set({
        status: 'archived',
        machineUuid: uuid,
        endsAt: new Date(Date.now() - 9 * DAY_MS),
        archivedAt: new Date(Date.now() - 2 * DAY_MS),
      })
      .where(eq(virtualMachines.id, vmId));
    const backup = (kind: 'clone' | 'snapshot', ref: string, name: string, hoursAgo: number) => ({
      companyId: owner!.companyId,
      customerId: owner!.id,
      vmId,
      kind,
      hypervisorRef: ref,
      name,
      ramGb: 4,
      vcpus: 2,
      diskGb: 100,
      durationCount: 2,
      durationType: 'Weekly' as const,
      status: 'ready' as const,
      createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
      expiresAt: new Date(Date.now() + 10 * DAY_MS),
    });
    await db
      .insert(vmBackups)
      .values([
        backup('clone', clone.uuid, 'Kept box clone', 2),
        backup('snapshot', snapshot.snapshotId, 'Kept box snapshot', 1),
      ]);

    const { page, context } = await loggedInPage();
    await openTab(page, 6, 'archived-tab');
    const row = page.locator(`[data-testid="archived-row"][data-vm-id="${vmId}"]`);
    const toggle = row.getByTestId('archived-backups-toggle');
    await toggle.getByText('2 clones and snapshots').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-label')).toBe('2 clones and snapshots of Kept box');
    // A machine without copies has no clone icon.
    const others = page.locator('[data-testid="archived-row"]').filter({ hasNotText: 'Kept box' });
    for (const other of await others.all()) {
      expect(await other.getByTestId('archived-backups-toggle').count()).toBe(0);
    }

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const nested = page.locator(`[data-testid="archived-backups-row"][data-vm-id="${vmId}"]`);
    const region = nested.getByRole('region', { name: 'Clones and snapshots of Kept box' });
    expect(await toggle.getAttribute('aria-controls')).toBe(await region.getAttribute('id'));
    const backupRows = nested.getByTestId('backup-row');
    await expect
      .poll(() => backupRows.allTextContents(), POLL)
      .toEqual([
        expect.stringMatching(/^Kept box snapshot.*Snapshot.*2 Weeks/),
        expect.stringMatching(/^Kept box clone.*Clone.*2 Weeks/),
      ]);
    await screenshot(page, 'lifecycle-archived-clones');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The clone's access, from the hypervisor.
    const cloneRow = backupRows.filter({ hasText: 'Kept box clone' });
    await cloneRow.getByTestId('backup-view').click();
    const access = page.getByTestId('backup-access-dialog');
    await access.getByTestId('backup-access').waitFor();
    expect(await access.getByTestId('backup-access-user').inputValue()).not.toBe('');
    await page.keyboard.press('Escape');
    await access.waitFor({ state: 'detached' });

    // The archived machine is shut off: its snapshot can be deleted; the count follows.
    await backupRows.filter({ hasText: 'Kept box snapshot' }).getByTestId('backup-delete').click();
    const remove = page.getByTestId('backup-delete-confirm');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await toggle.getByText('1 clone or snapshot').waitFor();
    await expect.poll(() => backupRows.count(), POLL).toBe(1);
    // Gone at the hypervisor too (once its delete has run).
    await expect
      .poll(
        async () =>
          (await machineOf({ companyId: owner!.companyId, machineUuid: snapshot.snapshotId }))
            .state,
        POLL,
      )
      .toBe('missing');

    await toggle.click();
    await nested.waitFor({ state: 'detached' });

    // A phone (the same signed-in page: logins are rate-limited per address): one card per VM.
    await page.setViewportSize(PHONE);
    await openTab(page, 6, 'archived-tab');
    const card = page.locator(`[data-testid="archived-row"][data-vm-id="${vmId}"]`);
    await card.getByTestId('archived-backups-toggle').click();
    await card.getByTestId('archived-backups').getByTestId('backup-row').first().waitFor();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'lifecycle-archived-clones-phone');
    await settleAnimations(page);
    await card.screenshot({
      path: path.join(SCREENSHOT_DIR, 'lifecycle-archived-clones-phone-card.png'),
    });
    expect(await accessibilityViolations(page)).toEqual([]);

    // In Korean.
    await useLanguage(page, 'ko');
    await openTab(page, 6, 'archived-tab');
    const koreanToggle = card.getByTestId('archived-backups-toggle');
    await koreanToggle.getByText('복제본 및 스냅샷 1개').waitFor();
    expect(await koreanToggle.getAttribute('aria-label')).toBe('Kept box의 복제본 및 스냅샷 1개');
    await koreanToggle.click();
    await card
      .getByRole('region', { name: 'Kept box의 복제본 및 스냅샷' })
      .getByTestId('backup-row')
      .getByText('복제')
      .first()
      .waitFor();
    await settleAnimations(page);
    await card.screenshot({
      path: path.join(SCREENSHOT_DIR, 'lifecycle-archived-clones-ko-card.png'),
    });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
