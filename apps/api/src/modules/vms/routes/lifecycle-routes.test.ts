import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArchivedVmsPage } from '@cloud-portal/contract/vms/archived-vms';
import { backupMessages } from '@cloud-portal/contract/vms/backup-pricing';
import type { TVmBackupsPage } from '@cloud-portal/contract/vms/backups';
import type { TRenewalVmsPage } from '@cloud-portal/contract/vms/renewals';
import {
  RESTORE_ARCHIVE_FAILED,
  RESTORE_ARCHIVE_IN_PROGRESS,
  RESTORE_ARCHIVE_NOT_RENEWED,
  RESTORE_ARCHIVE_SUCCESS,
} from '@cloud-portal/contract/vms/restore-archive-vm';
import { post } from '../../../../test/support/accounts';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import { orders } from '../../../db/schema/orders';
import { orderTargets, virtualMachines, vmBackups } from '../../../db/schema/virtual-machines';
import { createHypervisorConnector } from '../../../hypervisors/company-hypervisors';
import type { Hypervisor } from '../../../hypervisors/provider';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import {
  insertBackup,
  insertVm,
  runningMachine,
  SERVICE_TYPE,
  type VmSeed,
} from '../../../../test/support/lifecycle-fixtures';
import { blockedMessage, VM_NOT_FOUND } from '../queries/own-vm';

const OPERATION_MS = 50;
const DAY_MS = 86_400_000;
let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;
let hypervisor: Hypervisor;

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
const vmOf = (customer: Customer, seed: Omit<VmSeed, 'companyId' | 'customerId'>) =>
  insertVm(t.database.db, { companyId: customer.companyId, customerId: customer.id, ...seed });

const get = (customer: Customer | null, url: string) => getAs(t.app, customer, url);

const restore = (customer: Customer, uuid: string, provider = SERVICE_TYPE) =>
  postAs(t.app, customer, '/api/virtualMachine/restoreArchiveVM', {
    provider,
    virtualMachineUUID: uuid,
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = () => pause(OPERATION_MS * 3);

/** A machine archived at the simulator, as the sweep's archive job leaves it. */
async function archivedMachine(): Promise<string> {
  const uuid = await runningMachine(hypervisor, settle);
  await hypervisor.powerOff(uuid);
  await settle();
  await hypervisor.archive(uuid);
  await settle();
  return uuid;
}

/** A paid renewal order (kind 3 or 5) targeting the machine, applied or not yet. */
async function renewalOrder(
  customer: Customer,
  vmId: number,
  {
    kind = 3,
    status = 'paid',
    applied = false,
  }: { kind?: number; status?: 'paid' | 'pending'; applied?: boolean },
) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      reference: `ren-${randomBytes(8).toString('hex')}`,
      companyId: customer.companyId,
      customerId: customer.id,
      kind,
      status,
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
      operatingSystem: 'Ubuntu 24.04',
      lines: [],
      periodDays: 30,
      expiresAt: new Date(),
      appliedAt: applied ? new Date() : null,
    })
    .returning({ id: orders.id });
  await t.database.db
    .insert(orderTargets)
    .values({ orderId: order!.id, vmId, companyId: customer.companyId, costMinor: 10_000 });
}

const rowOf = async (vmId: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, vmId)))[0]!;

beforeAll(async () => {
  t = await createTestAppWithMail({ SIMULATOR_OPERATION_MS: String(OPERATION_MS) });
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);
  hypervisor = await createHypervisorConnector({
    db: t.database.db,
    credentialsKey: randomBytes(32),
    simulatorOperationMs: OPERATION_MS,
  })(SERVICE_TYPE, owner.companyId);
});
afterAll(() => t.close());

describe('GET /api/vmAction/renewalVMs', () => {
  const URL = '/api/vmAction/renewalVMs';
  const names: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const seeds: [string, Omit<VmSeed, 'companyId' | 'customerId'>][] = [
      ['soon', { endsAt: daysFromNow(3), aliasName: 'web' }],
      ['later', { endsAt: daysFromNow(40) }],
      ['expired', { endsAt: daysFromNow(-2), status: 'expired' }],
      ['archived', { endsAt: daysFromNow(-10), status: 'archived' }],
      ['failed', { endsAt: daysFromNow(1), status: 'failed' }],
      ['deleted', { endsAt: daysFromNow(1), status: 'deleted' }],
      ['provisioning', { endsAt: null, status: 'provisioning' }],
      ['blocked', { endsAt: daysFromNow(10), isBlocked: true }],
      ['renewing', { endsAt: daysFromNow(20) }],
      ['renewed-applied', { endsAt: daysFromNow(25) }],
      ['renewal-unpaid', { endsAt: daysFromNow(28), status: 'shutoff' }],
      // Renewed for 90 days: its end date moved far past any window, and it stays listed.
      ['renewed-far', { endsAt: daysFromNow(95) }],
      // Renewed long ago, due again: renewable once more.
      ['renewed-due', { endsAt: daysFromNow(6) }],
    ];
    for (const [key, seed] of seeds) {
      const vm = await vmOf(owner, seed);
      names[key] = vm.name;
      ids[key] = vm.id;
    }
    await renewalOrder(owner, ids.renewing!, { kind: 5 });
    await renewalOrder(owner, ids['renewed-applied']!, { applied: true });
    await renewalOrder(owner, ids['renewal-unpaid']!, { status: 'pending' });
    await renewalOrder(owner, ids['renewed-far']!, { applied: true });
    await renewalOrder(owner, ids['renewed-due']!, { applied: true });
    // Other people's machines due just as soon.
    await vmOf(neighbour, { endsAt: daysFromNow(3) });
    await vmOf(foreigner, { endsAt: daysFromNow(3) });
  });

  it('lists every machine the customer can renew, soonest first, with their state', async () => {
    const response = await get(owner, URL);
    expect(response.statusCode).toBe(200);
    const page = response.json().data as TRenewalVmsPage;
    expect(page.rows.map((row) => row.vmName)).toEqual(
      [
        'archived',
        'expired',
        'soon',
        'renewed-due',
        'blocked',
        'renewing',
        'renewed-applied',
        'renewal-unpaid',
        'later',
        'renewed-far',
      ].map((key) => names[key]),
    );
    expect(page.total).toBe(10);
    const byName = Object.fromEntries(page.rows.map((row) => [row.vmName, row]));
    expect(byName[names.soon!]).toMatchObject({
      ID: ids.soon,
      aliasName: 'web',
      operatingSystem: 'Ubuntu 24.04',
      cpu_Count: 2,
      ram_Count: 4,
      disk_Count: 80,
      isRenewed: 0,
      isBlocked: 0,
      status: 'running',
    });
    expect(Date.parse(byName[names.soon!]!.endDate)).toBeGreaterThan(Date.now());
    expect(byName[names.expired!]!.status).toBe('expired');
    expect(byName[names.archived!]!.status).toBe('archived');
    expect(byName[names.blocked!]!.isBlocked).toBe(1);
    // §4: renewed (paid, being applied or applied) until the machine is due again.
    expect(byName[names.renewing!]!.isRenewed).toBe(1);
    expect(byName[names['renewed-applied']!]!.isRenewed).toBe(1);
    expect(byName[names['renewed-far']!]!.isRenewed).toBe(1);
    expect(byName[names['renewed-due']!]!.isRenewed).toBe(0);
    expect(byName[names['renewal-unpaid']!]!.isRenewed).toBe(0);
    expect(byName[names.later!]!.isRenewed).toBe(0);
  });

  it('pages the list', async () => {
    for (let index = 0; index < 5; index++)
      await vmOf(owner, { endsAt: daysFromNow(29 + index / 10) });
    const first = (await get(owner, `${URL}?page=1`)).json().data as TRenewalVmsPage;
    const second = (await get(owner, `${URL}?page=2`)).json().data as TRenewalVmsPage;
    const beyond = (await get(owner, `${URL}?page=3`)).json().data as TRenewalVmsPage;
    expect(first.rows).toHaveLength(10);
    expect(second.rows).toHaveLength(5);
    expect([first.total, second.total, beyond.total]).toEqual([15, 15, 15]);
    expect(beyond.rows).toEqual([]);
    const endDates = [...first.rows, ...second.rows].map((row) => Date.parse(row.endDate));
    expect(endDates).toEqual([...endDates].sort((a, b) => a - b));
    expect((await get(owner, `${URL}?page=0`)).statusCode).toBe(400);
  });

  it("shows nobody else's machines and needs a login", async () => {
    const neighbourPage = (await get(neighbour, URL)).json().data as TRenewalVmsPage;
    expect(neighbourPage.total).toBe(1);
    expect(neighbourPage.rows.map((row) => row.ID)).not.toContain(ids.soon);
    const foreignPage = (await get(foreigner, URL)).json().data as TRenewalVmsPage;
    expect(foreignPage.total).toBe(1);
    expect((await get(null, URL)).statusCode).toBe(401);
  });
});

describe('GET /api/vmAction/archivedVMs', () => {
  const URL = '/api/vmAction/archivedVMs';

  it("lists only the customer's archived machines, latest archived first, page by page", async () => {
    const customer = await signUpCustomer(t, MAIN_ORIGIN);
    const archived = [];
    for (let index = 0; index < 12; index++) {
      archived.push(
        await vmOf(customer, {
          endsAt: daysFromNow(-20),
          status: 'archived',
          archivedAt: new Date(Date.now() - (20 - index) * 3_600_000),
          machineUuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        }),
      );
    }
    await vmOf(customer, { endsAt: daysFromNow(-3), status: 'expired' });
    await vmOf(customer, { endsAt: daysFromNow(5) });
    await vmOf(neighbour, { endsAt: daysFromNow(-20), status: 'archived' });

    const first = (await get(customer, URL)).json().data as TArchivedVmsPage;
    const second = (await get(customer, `${URL}?page=2`)).json().data as TArchivedVmsPage;
    expect(first.total).toBe(12);
    expect([...first.rows, ...second.rows].map((row) => row.ID)).toEqual(
      archived.map((vm) => vm.id).reverse(),
    );
    const latest = archived.at(-1)!;
    expect(first.rows[0]).toMatchObject({
      ID: latest.id,
      vmName: latest.name,
      operatingSystem: 'Ubuntu 24.04',
      cpu_Count: 2,
      ram_Count: 4,
      disk_Count: 80,
      createdUUID: latest.machineUuid,
      serviceCategory: SERVICE_TYPE,
      isBlocked: 0,
      endDate: latest.endsAt!.toISOString(),
      archivedAt: latest.archivedAt!.toISOString(),
      backupCount: 0,
    });
    const foreignPage = (await get(foreigner, URL)).json().data as TArchivedVmsPage;
    expect(foreignPage.total).toBe(0);
    expect((await get(null, URL)).statusCode).toBe(401);
  });
});

describe("an archived machine's clones and snapshots (its nested rows)", () => {
  type Vm = Awaited<ReturnType<typeof vmOf>>;
  const backupOf = (
    vm: Vm,
    kind: 'clone' | 'snapshot',
    status: 'ready' | 'restored' | 'deleted' = 'ready',
  ) =>
    insertBackup(t.database.db, vm, {
      kind,
      status,
      durationCount: 3,
      durationType: 'Daily',
      expiresAt: daysFromNow(3),
    });
  const archivedOf = (customer: Customer) =>
    vmOf(customer, {
      endsAt: daysFromNow(-20),
      status: 'archived',
      archivedAt: daysFromNow(-5),
      machineUuid: randomBytes(16).toString('hex'),
    });

  it('counts them on the Archived list and lists them for the machine, to its owner only', async () => {
    const customer = await signUpCustomer(t, MAIN_ORIGIN);
    const archived = await archivedOf(customer);
    const bare = await archivedOf(customer);
    const clone = await backupOf(archived, 'clone');
    const snapshot = await backupOf(archived, 'snapshot');
    const restored = await backupOf(archived, 'clone', 'restored');
    await backupOf(archived, 'snapshot', 'deleted');
    // Another machine's, and another customer's, are not this machine's.
    const running = await vmOf(customer, { endsAt: daysFromNow(40) });
    await backupOf(running, 'clone');
    await backupOf(await archivedOf(neighbour), 'clone');

    const list = (await get(customer, '/api/vmAction/archivedVMs')).json().data as TArchivedVmsPage;
    const countOf = Object.fromEntries(list.rows.map((row) => [row.ID, row.backupCount]));
    expect(countOf).toEqual({ [archived.id]: 3, [bare.id]: 0 });

    const response = await get(customer, `/api/vmAction/vmBackups?vmId=${archived.id}`);
    expect(response.statusCode).toBe(200);
    const nested = response.json().data as TVmBackupsPage;
    expect(nested.total).toBe(3);
    expect(nested.rows.map((row) => row.ID).sort()).toEqual(
      [clone.id, snapshot.id, restored.id].sort(),
    );
    expect(nested.rows.find((row) => row.ID === clone.id)).toMatchObject({
      cloneParentID: archived.id,
      parentVmName: archived.name,
      vmName: clone.name,
      isCloneOrSnapshot: 'Clone',
      cloneCPU_Count: 2,
      cloneRAM_Count: 4,
      cloneDisk_Count: 80,
      cloneDuration: 3,
      cloneType: 'Daily',
      cloneUUID: clone.hypervisorRef,
      serviceCategory: SERVICE_TYPE,
      isRestoredVM: 0,
      status: 'ready',
    });
    expect(nested.rows.find((row) => row.ID === restored.id)!.isRestoredVM).toBe(1);
    const empty = (await get(customer, `/api/vmAction/vmBackups?vmId=${bare.id}`)).json()
      .data as TVmBackupsPage;
    expect(empty).toMatchObject({ rows: [], total: 0 });

    for (const other of [neighbour, foreigner]) {
      expect((await get(other, `/api/vmAction/vmBackups?vmId=${archived.id}`)).statusCode).toBe(
        404,
      );
    }
  });

  it("refuses to restore an archived machine's snapshot until the machine is restored", async () => {
    const customer = await signUpCustomer(t, MAIN_ORIGIN);
    const archived = await archivedOf(customer);
    const snapshot = await backupOf(archived, 'snapshot');
    const response = await post(
      t.app,
      '/api/virtualMachine/restoreCloneVM',
      { cloneVmUUID: snapshot.hypervisorRef },
      { origin: customer.origin, cookies: customer.cookies, headers: customer.csrf },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(backupMessages.restoreArchivedFirst);
    const [after] = await t.database.db
      .select({ status: vmBackups.status })
      .from(vmBackups)
      .where(eq(vmBackups.id, snapshot.id));
    expect(after!.status).toBe('ready');
  });
});

describe('POST /api/virtualMachine/restoreArchiveVM', () => {
  it('restores a renewed archived machine, which then runs again', async () => {
    const uuid = await archivedMachine();
    const vm = await vmOf(owner, {
      endsAt: daysFromNow(30),
      status: 'archived',
      machineUuid: uuid,
      expiredAt: daysFromNow(-10),
      archivedAt: daysFromNow(-3),
    });
    const response = await restore(owner, uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: RESTORE_ARCHIVE_SUCCESS,
      data: { ID: vm.id, status: 'busy' },
    });
    expect((await rowOf(vm.id)).status).toBe('busy');
    // A second click while it comes back.
    const again = await restore(owner, uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RESTORE_ARCHIVE_IN_PROGRESS);

    // The app's vm-lifecycle worker starts it once the restore finished.
    await expect
      .poll(async () => (await rowOf(vm.id)).status, { timeout: 20_000, interval: 200 })
      .toBe('running');
    const restored = await rowOf(vm.id);
    expect(restored.archivedAt).toBeNull();
    expect(restored.expiredAt).toBeNull();
    expect(await hypervisor.status(uuid)).toBe('running');
    // No longer archived: the Archived tab and this call no longer know it.
    expect((await restore(owner, uuid)).statusCode).toBe(404);
  }, 30_000);

  it('refuses while the period has not been renewed', async () => {
    const uuid = await archivedMachine();
    const vm = await vmOf(owner, {
      endsAt: daysFromNow(-8),
      status: 'archived',
      machineUuid: uuid,
    });
    const response = await restore(owner, uuid);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(RESTORE_ARCHIVE_NOT_RENEWED);
    expect((await rowOf(vm.id)).status).toBe('archived');
  });

  it("is 404 for another customer's or company's machine, one not archived, or none", async () => {
    const uuid = await archivedMachine();
    const vm = await vmOf(owner, {
      endsAt: daysFromNow(30),
      status: 'archived',
      machineUuid: uuid,
    });
    for (const customer of [neighbour, foreigner]) {
      const response = await restore(customer, uuid);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(VM_NOT_FOUND);
    }
    const running = await vmOf(owner, {
      endsAt: daysFromNow(30),
      machineUuid: await runningMachine(hypervisor, settle),
    });
    expect((await restore(owner, running.machineUuid!)).statusCode).toBe(404);
    expect((await restore(owner, '4d3c2b1a-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await rowOf(vm.id)).status).toBe('archived');
  });

  it('refuses a blocked machine with the tooltip text', async () => {
    const uuid = await archivedMachine();
    await vmOf(owner, {
      endsAt: daysFromNow(30),
      status: 'archived',
      machineUuid: uuid,
      isBlocked: true,
    });
    const response = await restore(owner, uuid);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(blockedMessage('use'));
  });

  it("answers the spec's failure when the hypervisor fails, and the machine stays archived", async () => {
    const uuid = await archivedMachine();
    const vm = await vmOf(owner, {
      endsAt: daysFromNow(30),
      status: 'archived',
      machineUuid: uuid,
    });
    const simulator = new SimulatorHypervisor(
      { operationMs: OPERATION_MS },
      { database: t.database.db, companyId: owner.companyId },
    );
    await simulator.failNext(uuid, 'storage offline', 'refuse');
    const response = await restore(owner, uuid);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(RESTORE_ARCHIVE_FAILED);
    const row = await rowOf(vm.id);
    expect(row.status).toBe('archived');
    expect(row.lastError).toContain('refused');
    // The fault is spent: trying again in a while works.
    expect((await restore(owner, uuid)).statusCode).toBe(200);
  });

  it('lets one of two restores at once go on', async () => {
    const uuid = await archivedMachine();
    const vm = await vmOf(owner, {
      endsAt: daysFromNow(30),
      status: 'archived',
      machineUuid: uuid,
    });
    const responses = await Promise.all([restore(owner, uuid), restore(owner, uuid)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await rowOf(vm.id)).status).toBe('busy');
  });

  it('refuses a request without the CSRF header or without a login', async () => {
    const uuid = await archivedMachine();
    await vmOf(owner, { endsAt: daysFromNow(30), status: 'archived', machineUuid: uuid });
    const withoutCsrf = await post(
      t.app,
      '/api/virtualMachine/restoreArchiveVM',
      { provider: SERVICE_TYPE, virtualMachineUUID: uuid },
      { origin: owner.origin, cookies: owner.cookies },
    );
    expect(withoutCsrf.statusCode).toBe(403);
    const loggedOut = await post(t.app, '/api/virtualMachine/restoreArchiveVM', {
      provider: SERVICE_TYPE,
      virtualMachineUUID: uuid,
    });
    expect(loggedOut.statusCode).toBe(401);
  });
});
