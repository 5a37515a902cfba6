import type { Locator, Page } from 'playwright-core';
import type { Portal } from './portal';

/** The customer's profile (/CustomerProfile/2) with one of its tabs chosen by name. */
export async function openProfileTab(on: Page, portal: Portal, name: string | RegExp) {
  await on.goto(`${portal.url}/CustomerProfile/2`);
  await on.getByRole('tab', { name }).click();
}

/** The profile's Backup tab, once its machines are listed (English or Korean). */
export async function openBackupTab(on: Page, portal: Portal) {
  await openProfileTab(on, portal, /Backup|백업/);
  await on.getByTestId('backup-vm').first().waitFor();
}

/** The Backup tab with the machine's clones and snapshots opened; answers the machine's card. */
export async function openMachineBackups(on: Page, portal: Portal, vmId: number): Promise<Locator> {
  await openBackupTab(on, portal);
  const card = on.locator(`[data-testid="backup-vm"][data-vm-id="${vmId}"]`);
  await card.getByTestId('backup-toggle').click();
  return card;
}
