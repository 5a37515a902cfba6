import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_VMS_PAGE_SIZE, type TActiveVmsPage } from '@cloud-portal/contract/vms/active-vms';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import {
  getAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { orders } from '../../../db/schema/orders';
import {
  orderTargets,
  type VM_STATUSES,
  virtualMachines,
  vmBackups,
} from '../../../db/schema/virtual-machines';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;

const BASE_TIME = Date.parse('2025-03-04T08:00:00Z');
const hoursLater = (hours: number) => new Date(BASE_TIME + hours * 3_600_000);
let nextReference = 0;

type VmSeed = {
  name?: string;
  status?: (typeof VM_STATUSES)[number];
  createdAt: Date;
  aliasName?: string | null;
  publicAddress?: string | null;
  privateAddress?: string | null;
  machineUuid?: string | null;
  isBlocked?: boolean;
  isGoldCopy?: boolean;
  startsAt?: Date | null;
  endsAt?: Date | null;
};

/** A paid order and the VM it bought, as the provisioning job leaves them. */
async function insertVm(customer: Customer, seed: VmSeed) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      reference: `VMO-${customer.id}-${++nextReference}`,
      companyId: customer.companyId,
      customerId: customer.id,
      kind: 1,
      status: 'paid',
      gateway: 'PayFast Payment',
      currency: 'ZAR',
      costMinor: 10_000,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: 10_000,
      taxBasisPoints: 1500,
      taxBasis: 'beforeDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 10_000,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu',
      lines: [],
      periodDays: 30,
      expiresAt: new Date(seed.createdAt.getTime() + 3_600_000),
      createdAt: seed.createdAt,
    })
    .returning({ id: orders.id });
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: customer.companyId,
      customerId: customer.id,
      orderId: order!.id,
      name: seed.name ?? `vm-${customer.id}-${nextReference}`,
      aliasName: seed.aliasName ?? null,
      operatingSystem: 'Ubuntu 24.04',
      serviceType: 'Simulator',
      driver: 'simulator',
      machineUuid: seed.machineUuid === undefined ? `uuid-${nextReference}` : seed.machineUuid,
      privateAddress: seed.privateAddress === undefined ? '10.0.0.5' : seed.privateAddress,
      publicAddress: seed.publicAddress ?? null,
      status: seed.status ?? 'running',
      ramGb: 4,
      vcpus: 2,
      diskGb: 80,
      periodDays: 30,
      isGoldCopy: seed.isGoldCopy ?? false,
      isBlocked: seed.isBlocked ?? false,
      startsAt: seed.startsAt === undefined ? seed.createdAt : seed.startsAt,
      endsAt:
        seed.endsAt === undefined
          ? new Date(seed.createdAt.getTime() + 30 * 86_400_000)
          : seed.endsAt,
      createdAt: seed.createdAt,
    })
    .returning({ id: virtualMachines.id, name: virtualMachines.name });
  return vm!;
}

const URL = '/api/vmAction/activeVMs';

const get = (customer: Customer | null, url: string, origin?: string) =>
  getAs(t.app, customer, url, origin);

const vmPage = async (customer: Customer, page?: number): Promise<TActiveVmsPage> => {
  const response = await get(customer, `${URL}${page === undefined ? '' : `?page=${page}`}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as TActiveVmsPage;
};

const allRows = async (customer: Customer) => {
  const rows = [];
  for (let page = 1; page <= 3; page++) rows.push(...(await vmPage(customer, page)).rows);
  return rows;
};

/** The owner's listed VMs' names, newest first. */
const ownerNames: string[] = [];
const hiddenNames: string[] = [];
let provisioning: { id: number; name: string };
let goldBlocked: { id: number; name: string };

beforeAll(async () => {
  t = await createTestAppWithMail();
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);

  const listed = ['running', 'shutoff', 'busy', 'failed', 'expired'] as const;
  const created: { name: string; at: number; id: number }[] = [];
  for (let index = 0; index < 20; index++) {
    const at = hoursLater(index * 2);
    const vm = await insertVm(owner, { status: listed[index % listed.length], createdAt: at });
    created.push({ ...vm, at: at.getTime() });
    // Other people's VMs between the owner's, in the same company and in another one.
    await insertVm(neighbour, { createdAt: hoursLater(index * 2 + 1) });
    await insertVm(foreigner, { createdAt: hoursLater(index * 2 + 1) });
  }
  // Gone from the Products tab: deleted and archived machines.
  for (const status of ['deleted', 'archived'] as const) {
    const vm = await insertVm(owner, { status, createdAt: hoursLater(200) });
    hiddenNames.push(vm.name);
  }
  // Two at the same instant: the later-inserted one is listed first.
  goldBlocked = await insertVm(owner, {
    name: 'gold-blocked',
    aliasName: 'Accounts server',
    publicAddress: '203.0.113.7',
    isGoldCopy: true,
    isBlocked: true,
    createdAt: hoursLater(100),
  });
  provisioning = await insertVm(owner, {
    name: 'still-booting',
    status: 'provisioning',
    machineUuid: null,
    privateAddress: null,
    startsAt: null,
    endsAt: null,
    createdAt: hoursLater(100),
  });
  created.push(
    { ...goldBlocked, at: hoursLater(100).getTime() },
    { ...provisioning, at: hoursLater(100).getTime() },
  );
  created.sort((a, b) => b.at - a.at || b.id - a.id);
  ownerNames.push(...created.map((vm) => vm.name));
});
afterAll(() => t.close());

describe('active VMs', () => {
  it('needs a signed-in customer of this site', async () => {
    expect((await get(null, URL)).statusCode).toBe(401);
    const crossSite = await get(foreigner, URL, MAIN_ORIGIN);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().data).toBeNull();
  });

  it('lists the newest VMs first in the spec row shape, with the total', async () => {
    const response = await get(owner, URL);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json().data as TActiveVmsPage;
    expect(page).toMatchObject({ total: 22, page: 1, pageSize: ACTIVE_VMS_PAGE_SIZE });
    expect(page.rows).toHaveLength(ACTIVE_VMS_PAGE_SIZE);
    expect(page.rows[0]).toEqual({
      ID: provisioning.id,
      vmName: 'still-booting',
      aliasName: null,
      operatingSystem: 'Ubuntu 24.04',
      cpu_Count: 2,
      ram_Count: 4,
      disk_Count: 80,
      startDate: null,
      endDate: null,
      ciscoMerakiIP: null,
      isBlocked: 0,
      isClone: 0,
      isGoldCopy: 0,
      createdUUID: null,
      serviceCategory: 'Simulator',
      status: 'provisioning',
      privateAddress: null,
      isUpdating: 0,
      backupCount: 0,
    });
    expect(page.rows[1]).toMatchObject({
      ID: goldBlocked.id,
      vmName: 'gold-blocked',
      aliasName: 'Accounts server',
      startDate: hoursLater(100).toISOString(),
      endDate: new Date(hoursLater(100).getTime() + 30 * 86_400_000).toISOString(),
      ciscoMerakiIP: '203.0.113.7',
      isBlocked: 1,
      isGoldCopy: 1,
      status: 'running',
      privateAddress: '10.0.0.5',
    });
    expect(page.rows[1]!.createdUUID).toMatch(/^uuid-/);
  });

  it('pages through every listed VM once, in order, and answers an empty page past the end', async () => {
    const pages = [await vmPage(owner, 1), await vmPage(owner, 2), await vmPage(owner, 3)];
    expect(pages.map((page) => page.rows.length)).toEqual([10, 10, 2]);
    expect(pages.every((page) => page.total === 22)).toBe(true);
    expect(pages.flatMap((page) => page.rows.map((row) => row.vmName))).toEqual(ownerNames);
    expect(await vmPage(owner, 9)).toEqual({ rows: [], total: 22, page: 9, pageSize: 10 });
  });

  it('leaves out deleted and archived VMs, and keeps expired and failed ones', async () => {
    const rows = await allRows(owner);
    expect(rows.some((row) => hiddenNames.includes(row.vmName))).toBe(false);
    expect([...new Set(rows.map((row) => row.status))].sort()).toEqual([
      'busy',
      'expired',
      'failed',
      'provisioning',
      'running',
      'shutoff',
    ]);
  });

  it("shows nobody another customer's VMs, in the same company or another", async () => {
    for (const customer of [neighbour, foreigner]) {
      const rows = await allRows(customer);
      expect(rows).toHaveLength(20);
      expect((await vmPage(customer)).total).toBe(20);
      expect(rows.some((row) => ownerNames.includes(row.vmName))).toBe(false);
      expect(rows.every((row) => row.vmName.startsWith(`vm-${customer.id}-`))).toBe(true);
    }
  });

  it('answers an empty list for a customer who has no VM', async () => {
    const newcomer = await signUpCustomer(t, MAIN_ORIGIN);
    expect(await vmPage(newcomer)).toEqual({ rows: [], total: 0, page: 1, pageSize: 10 });
  });

  it('refuses a page that is not a positive whole number', async () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      expect((await get(owner, `${URL}?page=${page}`)).statusCode).toBe(400);
    }
  });
});

describe("a machine's update in progress and its clones and snapshots", () => {
  /** An update order (kind 4) of the machine, paid or not, applied or not. */
  async function updateOrder(
    customer: Customer,
    vmId: number,
    { status, applied }: { status: 'paid' | 'pending'; applied: boolean },
  ) {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        reference: `UPD-${customer.id}-${++nextReference}`,
        companyId: customer.companyId,
        customerId: customer.id,
        kind: 4,
        status,
        gateway: 'PayFast Payment',
        currency: 'ZAR',
        costMinor: 4_500,
        discountMinor: 0,
        taxMinor: 0,
        totalMinor: 4_500,
        taxBasisPoints: 1500,
        taxBasis: 'beforeDiscount',
        chargeCurrency: 'ZAR',
        chargeTotalMinor: 4_500,
        productName: 'Ubuntu Starter',
        operatingSystem: 'Ubuntu',
        lines: [],
        periodDays: 30,
        expiresAt: new Date(Date.now() + 3_600_000),
        appliedAt: applied ? new Date() : null,
      })
      .returning({ id: orders.id });
    await t.database.db
      .insert(orderTargets)
      .values({ orderId: order!.id, vmId, companyId: customer.companyId, costMinor: 4_500 });
    return order!.id;
  }

  const rowOf = async (customer: Customer, vmId: number) =>
    (await vmPage(customer)).rows.find((row) => row.ID === vmId)!;

  it('says a paid update is being applied until it is, then shows the new sizes at once', async () => {
    const customer = await signUpCustomer(t, MAIN_ORIGIN);
    const vm = await insertVm(customer, { createdAt: hoursLater(1) });
    await updateOrder(customer, vm.id, { status: 'pending', applied: false });
    await updateOrder(customer, vm.id, { status: 'paid', applied: true });
    expect(await rowOf(customer, vm.id)).toMatchObject({ isUpdating: 0, ram_Count: 4 });

    const paid = await updateOrder(customer, vm.id, { status: 'paid', applied: false });
    // The answer was cached (ADR 021): the new order's rows drop it.
    expect(await rowOf(customer, vm.id)).toMatchObject({ isUpdating: 1, ram_Count: 4 });
    // Nobody else sees it.
    expect((await vmPage(neighbour)).rows.some((row) => row.ID === vm.id)).toBe(false);

    // The apply job writes the sizes and the order's applied_at in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(virtualMachines)
        .set({ ramGb: 6, vcpus: 3 })
        .where(eq(virtualMachines.id, vm.id));
      await tx.update(orders).set({ appliedAt: new Date() }).where(eq(orders.id, paid));
    });
    expect(await rowOf(customer, vm.id)).toMatchObject({
      isUpdating: 0,
      ram_Count: 6,
      cpu_Count: 3,
    });
  });

  it("counts the machine's clones and snapshots that are not deleted, its own only", async () => {
    const customer = await signUpCustomer(t, MAIN_ORIGIN);
    const vm = await insertVm(customer, { createdAt: hoursLater(1) });
    const other = await insertVm(customer, { createdAt: hoursLater(2) });
    const backup = (kind: 'clone' | 'snapshot', status: 'ready' | 'deleted', vmId = vm.id) =>
      t.database.db.insert(vmBackups).values({
        companyId: customer.companyId,
        customerId: customer.id,
        vmId,
        kind,
        hypervisorRef: `ref-${++nextReference}`,
        name: `${kind} ${nextReference}`,
        ramGb: 4,
        vcpus: 2,
        diskGb: 80,
        durationCount: 2,
        durationType: 'Weekly',
        status,
        expiresAt: new Date(Date.now() + 14 * 86_400_000),
      });
    await backup('clone', 'ready');
    await backup('snapshot', 'ready');
    await backup('clone', 'deleted');
    await backup('snapshot', 'ready', other.id);
    expect((await rowOf(customer, vm.id)).backupCount).toBe(2);
    expect((await rowOf(customer, other.id)).backupCount).toBe(1);
    expect((await vmPage(owner)).rows.every((row) => row.backupCount === 0)).toBe(true);
  });
});
