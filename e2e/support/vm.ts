import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { customers } from '../../apps/api/src/db/schema/accounts';
import { orders } from '../../apps/api/src/db/schema/orders';
import { virtualMachines } from '../../apps/api/src/db/schema/virtual-machines';
import type { Customer } from './customer';
import type { Portal } from './portal';

/** The marketplace's product ids by name, as a visitor's listing gives them. */
export async function productIds(portal: Portal): Promise<Record<string, number>> {
  const response = await fetch(`${portal.url}/api/marketPlace/getProducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portal.url },
    body: JSON.stringify({ pageSize: 48 }),
  });
  const { data } = (await response.json()) as {
    data: Record<'VMProducts' | 'GoldVMData', { productName: string; productID: number }[]>;
  };
  return Object.fromEntries(
    [...data.VMProducts, ...data.GoldVMData].map((card) => [card.productName, card.productID]),
  );
}

/** The choose-gateway dialog after Buy Now: the built-in sandbox, then Proceed. */
async function chooseSandbox(on: Page): Promise<void> {
  const modal = on.getByTestId('choose-gateway-modal');
  await modal.waitFor();
  await modal.getByTestId('gateway-option-sandbox').check();
  await modal.getByTestId('choose-gateway-proceed').click();
}

/** Pay on the invoice, Complete in the sandbox checkout, and wait for the success page. */
export async function payInSandbox(on: Page): Promise<void> {
  await on.getByTestId('pay-button').click();
  await on.waitForURL(/\/api\/payments\/sandbox\//);
  await on.getByTestId('sandbox-complete').click();
  await on.waitForURL(/\/PurchaseSuccessful\?orderID=/);
}

/**
 * Buy Now on an order screen, the sandbox chosen, up to the invoice (on the page of the order's
 * `kind` when given); answers the order's reference from the URL.
 */
export async function openSandboxInvoice(on: Page, kind?: 1 | 2 | 3 | 4 | 5): Promise<string> {
  await on.getByTestId('buy-now').click();
  await chooseSandbox(on);
  if (kind !== undefined) await on.waitForURL(new RegExp(`/purchasedetails/${kind}\\?orderID=`));
  await on.getByTestId('invoice').waitFor();
  return new URL(on.url()).searchParams.get('orderID') ?? '';
}

/**
 * Buys the configured product with the built-in sandbox gateway (Buy Now → gateway → invoice →
 * Pay → sandbox Complete) and waits for the success page (as e2e/purchase.spec.ts does).
 */
export async function buyWithSandbox(page: Page, productUrl: string): Promise<void> {
  await page.goto(productUrl);
  await openSandboxInvoice(page, 1);
  await payInSandbox(page);
}

export type ListedVm = { ID: number; vmName: string; status: string };

/** The first page of the signed-in customer's VMs, as the Products tab asks for it. */
export async function activeVms(on: Page): Promise<ListedVm[]> {
  return on.evaluate(async () => {
    const answer = await fetch('/api/vmAction/activeVMs?page=1');
    return (await answer.json()).data.rows as { ID: number; vmName: string; status: string }[];
  });
}

/** Polls the customer's machines until one runs; answers its id. */
export async function waitUntilRunning(on: Page, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = (await activeVms(on)).find((vm) => vm.status === 'running');
    if (running) return running.ID;
    if (Date.now() > deadline) throw new Error('the bought VM never ran');
    await on.waitForTimeout(500);
  }
}

/** Buys the configured product through the sandbox and waits until its machine runs; answers its id. */
export async function buyRunningVm(page: Page, productUrl: string): Promise<number> {
  await buyWithSandbox(page, productUrl);
  return waitUntilRunning(page);
}

export type Owner = { id: number; companyId: number };

/** The customer's row id and company in the portal's database. */
export async function ownerOf(portal: Portal, customer: Customer): Promise<Owner> {
  const [owner] = await portal.database.db
    .select({ id: customers.id, companyId: customers.companyId })
    .from(customers)
    .where(eq(customers.email, customer.email));
  return owner!;
}

/**
 * A paid order of the owner's, written straight into the portal's database (R 100 in ZAR through
 * the sandbox; a new machine's order for 30 days unless told otherwise); answers its id.
 */
export async function insertPaidOrder(
  portal: Portal,
  owner: Owner,
  values: Partial<typeof orders.$inferInsert> & { productName: string },
): Promise<number> {
  const [order] = await portal.database.db
    .insert(orders)
    .values({
      reference: `E2E-${randomUUID().slice(0, 8)}`,
      companyId: owner.companyId,
      customerId: owner.id,
      kind: 1,
      status: 'paid',
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 10_000,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: 10_000,
      taxBasisPoints: 1500,
      taxBasis: 'beforeDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 10_000,
      operatingSystem: 'Ubuntu 24.04',
      lines: [],
      periodDays: 30,
      expiresAt: new Date(Date.now() + 3_600_000),
      ...values,
    })
    .returning({ id: orders.id });
  return order!.id;
}

/**
 * A VM row for the customer, written straight into the portal's database as the provisioning
 * job would leave it (no machine behind it: for screens that must not call the hypervisor,
 * such as a blocked VM's).
 */
export async function insertVm(
  portal: Portal,
  customer: Customer,
  values: { name: string; isBlocked?: boolean; status?: 'running' | 'shutoff' },
): Promise<number> {
  const owner = await ownerOf(portal, customer);
  const orderId = await insertPaidOrder(portal, owner, { productName: values.name });
  const [vm] = await portal.database.db
    .insert(virtualMachines)
    .values({
      companyId: owner.companyId,
      customerId: owner.id,
      orderId,
      name: values.name,
      operatingSystem: 'Ubuntu 24.04',
      serviceType: 'Proxmox VE',
      driver: 'simulator',
      machineUuid: randomUUID(),
      privateAddress: '10.0.0.9',
      status: values.status ?? 'running',
      ramGb: 4,
      vcpus: 2,
      diskGb: 100,
      periodDays: 30,
      isBlocked: values.isBlocked ?? false,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: virtualMachines.id });
  return vm!.id;
}
