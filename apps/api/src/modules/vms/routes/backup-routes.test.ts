import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { backupMessages } from '@cloud-portal/contract/vms/backup-pricing';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { sendAtOnce } from '../../../../test/support/http-burst';
import { notifications } from '../../../db/schema/accounts';
import { mailOutbox } from '../../../db/schema/mail';
import { orders, paymentTransactions } from '../../../db/schema/orders';
import { orderTargets, vmBackups, virtualMachines } from '../../../db/schema/virtual-machines';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { createHypervisorConnector } from '../../../hypervisors/company-hypervisors';
import { resolveCredentialsKey } from '../../../lib/credentials-key';
import { deleteExpiredBackups } from '../actions/backups';
import { blockedMessage } from '../queries/own-vm';
import { waitUntil } from '../../../../test/support/wait-until';
import { makeVmFor, type VmSeed } from '../../../../test/support/vm-order-fixtures';

const OPERATION_MS = 50;

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let port: number;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;

const simulatorOf = (companyId: number) =>
  new SimulatorHypervisor({ operationMs: OPERATION_MS }, { database: t.database.db, companyId });

const vmOf = (customer: Customer, seed: Partial<VmSeed> = {}) =>
  makeVmFor(t.database.db, OPERATION_MS, customer, seed);

const call = (customer: Customer, path: string, payload: object) =>
  postAs(t.app, customer, `/api/${path}`, payload);

const backupsOf = (customer: Customer, query = '') =>
  getAs(t.app, customer, `/api/vmAction/vmBackups${query}`);

/** A clone or snapshot made on the simulator and recorded as its paid order's job would leave it. */
async function seedBackup(customer: Customer, vmId: number, kind: 'clone' | 'snapshot') {
  const db = t.database.db;
  const [vm] = await db.select().from(virtualMachines).where(eq(virtualMachines.id, vmId));
  const simulator = simulatorOf(customer.companyId);
  const name = `${vm!.name} ${kind} seeded-${randomBytes(3).toString('hex')}`;
  const ref =
    kind === 'clone'
      ? (await simulator.clone(vm!.machineUuid!, name)).uuid
      : (await simulator.snapshot(vm!.machineUuid!, name)).snapshotId;
  await waitUntil(async () => (await simulator.status(ref)) === 'shutoff');
  const [order] = await db
    .insert(orders)
    .values({
      reference: `BKP-${randomBytes(8).toString('hex')}`,
      companyId: customer.companyId,
      customerId: customer.id,
      kind: 2,
      status: 'paid',
      currency: 'ZAR',
      costMinor: 160,
      discountMinor: 0,
      taxMinor: 24,
      totalMinor: 184,
      taxBasisPoints: 1500,
      taxBasis: 'afterDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 184,
      productName: vm!.name,
      operatingSystem: vm!.operatingSystem,
      lines: [],
      periodDays: 1,
      expiresAt: new Date(Date.now() + 3_600_000),
      appliedAt: new Date(),
    })
    .returning({ id: orders.id });
  await db.insert(orderTargets).values({
    orderId: order!.id,
    vmId,
    companyId: customer.companyId,
    costMinor: 160,
  });
  await db.insert(vmBackups).values({
    companyId: customer.companyId,
    customerId: customer.id,
    vmId,
    orderId: order!.id,
    kind,
    hypervisorRef: ref,
    name,
    ramGb: vm!.ramGb,
    vcpus: vm!.vcpus,
    diskGb: vm!.diskGb,
    durationCount: 1,
    durationType: 'Daily',
    status: 'ready',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return ref;
}

const backupRow = async (ref: string) =>
  (await t.database.db.select().from(vmBackups).where(eq(vmBackups.hypervisorRef, ref)))[0]!;

beforeAll(async () => {
  t = await createTestAppWithMail(
    { SIMULATOR_OPERATION_MS: String(OPERATION_MS), TRUST_PROXY: 'true' },
    { maxConnections: 24 },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);
});
afterAll(() => t.close());

/** Ubuntu Starter at 4 GB / 2 vCPU / 40 GB: Disk 1.20 per GB per 30 days, VAT 15 %. */
const cloneOrder = (productID: number, overrides: object = {}) => ({
  productID,
  cloneDuration: 2,
  cloneDurationType: 'Weekly',
  cloneOptionType: 'Clone',
  isCloneOrSnapshot: 'Clone',
  // 40 × 1.20 × 336 h / 720 = 22.40; tax 3.36.
  totalAmount: '25.76',
  paymentGateway: 'Sandbox Payment',
  byPassflag: 0,
  ...overrides,
});

describe('getVMDetailForCloneVm and getVMDetailForSnapshotVm', () => {
  it('answer the machine, its catalogue and the bill of one day (hand-worked)', async () => {
    const { vm } = await vmOf(owner);
    const response = await call(owner, 'virtualMachine/getVMDetailForCloneVm', {
      productID: vm.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.VMDetail).toMatchObject({
      ID: vm.id,
      productName: 'Ubuntu Starter',
      vmName: vm.name,
      ram_Count: 4,
      cpu_Count: 2,
      disk_Count: 40,
      addedDisks: [],
      currency: 'ZAR',
      taxValue: 15,
      drive_Cost_PerUnit: '1.20',
      driveCostHours: 720,
      // 4 × 45.00 + 40 × 1.20 + 2 × 60.00 for its 30 days.
      vm_Cost: '348.00',
      validity: 30,
      regionName: 'Johannesburg',
      parentVMId: null,
      isClone: 0,
      isBlocked: 0,
      status: 'running',
    });
    expect(data.duration.map((option: { type: string; hours: number }) => option.hours)).toEqual([
      24, 168, 720,
    ]);
    expect(data.cloneOptionType).toBe('Clone');
    // 40 × 1.20 × 24 / 720 = 1.60; tax 0.24.
    expect(data.quote).toMatchObject({
      cloneDuration: 1,
      cloneDurationType: 'Daily',
      diskSize: 40,
      hours: 24,
      totalPrice: '1.60',
      taxAmount: '0.24',
      totalPayable: '1.84',
    });
    const snapshot = await call(owner, 'virtualMachine/getVMDetailForSnapshotVm', {
      productID: vm.id,
    });
    expect(snapshot.json().data.cloneOptionType).toBe('Snapshot');
  });

  it("answer 404 for another customer's machine, here or in another company", async () => {
    const { vm } = await vmOf(owner);
    for (const stranger of [neighbour, foreigner]) {
      for (const path of [
        'virtualMachine/getVMDetailForCloneVm',
        'virtualMachine/getVMDetailForSnapshotVm',
      ]) {
        expect((await call(stranger, path, { productID: vm.id })).statusCode).toBe(404);
      }
      const order = await call(stranger, 'virtualMachine/createOrderForcloneVM', cloneOrder(vm.id));
      expect(order.statusCode).toBe(404);
      expect((await backupsOf(stranger, `?vmId=${vm.id}`)).statusCode).toBe(404);
    }
  });

  it('refuse a blocked machine (403, the tooltip), a clone and a machine that is not usable', async () => {
    const blocked = await vmOf(owner, { isBlocked: true });
    const refused = await call(owner, 'virtualMachine/getVMDetailForCloneVm', {
      productID: blocked.vm.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(blockedMessage('clone'));
    const order = await call(owner, 'virtualMachine/createOrderForSnapshotVM', {
      ...cloneOrder(blocked.vm.id),
      cloneOptionType: 'Snapshot',
    });
    expect(order.statusCode).toBe(403);

    const clone = await vmOf(owner, { isClone: true });
    const cloneRefused = await call(owner, 'virtualMachine/getVMDetailForCloneVm', {
      productID: clone.vm.id,
    });
    expect(cloneRefused.statusCode).toBe(409);
    expect(cloneRefused.json().message).toBe(backupMessages.alreadyAClone);

    const expired = await vmOf(owner, { status: 'expired' });
    const expiredRefused = await call(owner, 'virtualMachine/createOrderForcloneVM', {
      ...cloneOrder(expired.vm.id),
    });
    expect(expiredRefused.statusCode).toBe(409);
    expect(expiredRefused.json().message).toBe(backupMessages.notCloneable);
  });
});

describe('createOrderForcloneVM and createOrderForSnapshotVM', () => {
  it("give the screen's messages for a missing duration and clone type", async () => {
    const { vm } = await vmOf(owner);
    const response = await call(owner, 'virtualMachine/createOrderForcloneVM', {
      ...cloneOrder(vm.id),
      cloneDuration: 0,
      cloneOptionType: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(backupMessages.selectDuration);
    expect(response.json().data.errors.map((error: { message: string }) => error.message)).toEqual([
      backupMessages.selectDuration,
      backupMessages.selectCloneType,
    ]);
  });

  it('re-price on the server: a total that is not its quote is 409 with the quote', async () => {
    const { vm } = await vmOf(owner);
    const response = await call(owner, 'virtualMachine/createOrderForcloneVM', {
      ...cloneOrder(vm.id),
      totalAmount: '1.84',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(marketplaceMessages.priceChanged);
    expect(response.json().data.quote).toMatchObject({
      hours: 336,
      totalPrice: '22.40',
      taxAmount: '3.36',
      totalPayable: '25.76',
    });
    const [orderCount] = await t.database.db
      .select({ n: count() })
      .from(orderTargets)
      .where(eq(orderTargets.vmId, vm.id));
    expect(orderCount!.n).toBe(0);
  });

  it('place a kind 2 order for the machine with its sandbox checkout', async () => {
    const { vm } = await vmOf(owner);
    const response = await call(owner, 'virtualMachine/createOrderForcloneVM', cloneOrder(vm.id));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      commingFrom: 2,
      status: 'pending',
      paymentMode: 'Sandbox Payment',
      bankReference: 'Clone',
      vmName: vm.name,
      amount: '25.76',
      cost: '22.40',
      tax: '3.36',
      driveCost: '22.40',
      timePeriod: 14,
      vmIDs: [vm.id],
    });
    expect(data.redirect_url).toContain('/api/payments/sandbox/');
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, data.orderID));
    expect(order).toMatchObject({
      kind: 2,
      totalMinor: 2576,
      details: { backupKind: 'Clone', durationCount: 2, durationType: 'Weekly' },
    });
    // The snapshot path makes what cloneOptionType says.
    const snapshot = await call(owner, 'virtualMachine/createOrderForSnapshotVM', {
      ...cloneOrder(vm.id),
      cloneOptionType: 'Snapshot',
    });
    expect(snapshot.statusCode).toBe(200);
    const [snapshotOrder] = await t.database.db
      .select({ details: orders.details })
      .from(orders)
      .where(eq(orders.reference, snapshot.json().data.orderID));
    expect(snapshotOrder!.details).toMatchObject({ backupKind: 'Snapshot' });
  });
});

describe('a paid clone, end to end (bypass product)', () => {
  it('is made by the job, listed, viewable, restorable once and then a machine of its own', async () => {
    // Custom GPU-ready Ubuntu (bypasses payment): Disk 1.40 per GB per 30 days, 250 GB:
    // one day = 250 × 1.40 × 24 / 720 = 11.67 (11.666… half up); tax 15 % = 1.75; total 13.42.
    const { vm, uuid } = await vmOf(owner, {
      productName: 'Custom GPU-ready Ubuntu',
      ramGb: 16,
      vcpus: 6,
      diskGb: 250,
    });
    const response = await call(owner, 'virtualMachine/createOrderForcloneVM', {
      productID: vm.id,
      cloneDuration: 1,
      cloneDurationType: 'Daily',
      cloneOptionType: 'Clone',
      totalAmount: '13.42',
      byPassflag: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orderID } = response.json().data;
    expect(response.json().data).toMatchObject({ status: 'paid', byPassFlag: 1, amount: '13.42' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.reference, orderID));

    const readyBackup = async () =>
      (await t.database.db.select().from(vmBackups).where(eq(vmBackups.orderId, order!.id)))[0];
    const deadline = Date.now() + 30_000;
    while ((await readyBackup())?.status !== 'ready') {
      if (Date.now() > deadline) throw new Error('the clone was not made');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const backup = (await readyBackup())!;
    expect(backup).toMatchObject({ kind: 'clone', vmId: vm.id, diskGb: 250, ramGb: 16 });
    // Named for the machine and its number, never an internal id (the hypervisor's copy keeps
    // the order in its own name, ADR 019).
    expect(backup.name).toBe(`${vm.name} clone 1`);
    expect(backup.expiresAt!.getTime() - backup.updatedAt.getTime()).toBeCloseTo(86_400_000, -4);
    const [applied] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(applied!.appliedAt).not.toBeNull();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.kind, `vm-clone-applied-${orderID}`));
    expect(mails).toHaveLength(1);
    const bells = await t.database.db
      .select({ detail: notifications.detail })
      .from(notifications)
      .where(eq(notifications.customerId, owner.id));
    expect(bells.filter((bell) => bell.detail.includes(`order ${orderID}) is ready`))).toHaveLength(
      1,
    );

    const listed = await backupsOf(owner, `?vmId=${vm.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject({ total: 1, page: 1 });
    expect(listed.json().data.rows[0]).toMatchObject({
      cloneParentID: vm.id,
      isCloneOrSnapshot: 'Clone',
      cloneDisk_Count: 250,
      cloneDuration: 1,
      cloneType: 'Daily',
      cloneUUID: backup.hypervisorRef,
      serviceCategory: 'Proxmox VE',
      isRestoredVM: 0,
      status: 'ready',
    });
    expect(
      (await backupsOf(owner)).json().data.rows.map((row: { ID: number }) => row.ID),
    ).toContain(backup.id);

    const view = await call(owner, 'vmAction/viewCloneVM', {
      provider: 'scaleComputing',
      virDomainUUID: backup.hypervisorRef,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toContain('no-store');
    expect(view.json().data.password.length).toBeGreaterThan(10);
    for (const stranger of [neighbour, foreigner]) {
      for (const [path, payload] of [
        ['vmAction/viewCloneVM', { virDomainUUID: backup.hypervisorRef }],
        ['vmAction/deleteCloneVirtualMachine', { cloneVMUUID: backup.hypervisorRef }],
        ['virtualMachine/restoreCloneVM', { cloneVmUUID: backup.hypervisorRef }],
      ] as const) {
        expect((await call(stranger, path, payload)).statusCode, path).toBe(404);
      }
    }

    // The parent runs: its clone cannot be deleted yet.
    const early = await call(owner, 'vmAction/deleteCloneVirtualMachine', {
      provider: 'scaleComputing',
      cloneVMUUID: backup.hypervisorRef,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(backupMessages.mustBeShutOff);
    expect(await simulatorOf(owner.companyId).status(uuid)).toBe('running');

    const restored = await call(owner, 'virtualMachine/restoreCloneVM', {
      provider: 'scaleComputing',
      cloneVmUUID: backup.hypervisorRef,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(backupMessages.cloneRestored);
    const { vmID } = restored.json().data;
    const [machine] = await t.database.db
      .select()
      .from(virtualMachines)
      .where(eq(virtualMachines.id, vmID));
    expect(machine).toMatchObject({
      customerId: owner.id,
      machineUuid: backup.hypervisorRef,
      isClone: true,
      status: 'busy',
      ramGb: 16,
      diskGb: 250,
      orderId: order!.id,
    });
    expect((await backupRow(backup.hypervisorRef!)).status).toBe('restored');
    const again = await call(owner, 'virtualMachine/restoreCloneVM', {
      cloneVmUUID: backup.hypervisorRef,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(backupMessages.cloneRestoreFailed);
    const cloneOfClone = await call(owner, 'virtualMachine/getVMDetailForCloneVm', {
      productID: vmID,
    });
    expect(cloneOfClone.statusCode).toBe(409);
    // The money trail is the order's own: one transaction row, untouched by the job.
    const payments = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order!.id));
    expect(payments).toHaveLength(1);
  }, 40_000);
});

describe('backup actions', () => {
  it('roll a snapshot back only while its machine is shut off, and keep it', async () => {
    const { vm, uuid } = await vmOf(owner);
    const ref = await seedBackup(owner, vm.id, 'snapshot');
    const noAccess = await call(owner, 'vmAction/viewCloneVM', { virDomainUUID: ref });
    expect(noAccess.statusCode).toBe(400);
    expect(noAccess.json().message).toBe(backupMessages.snapshotHasNoAccess);

    const running = await call(owner, 'virtualMachine/restoreCloneVM', { cloneVmUUID: ref });
    expect(running.statusCode).toBe(400);
    expect(running.json().message).toBe(backupMessages.mustBeShutOff);

    const simulator = simulatorOf(owner.companyId);
    await simulator.powerOff(uuid);
    await waitUntil(async () => (await simulator.status(uuid)) === 'shutoff');
    const restored = await call(owner, 'virtualMachine/restoreCloneVM', { cloneVmUUID: ref });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(backupMessages.snapshotRestored);
    expect(restored.json().data).toMatchObject({ vmID: vm.id, status: 'ready' });
    expect((await backupRow(ref)).status).toBe('ready');
  });

  it('delete a snapshot of a shut-off machine; the wrong call or a second delete is 404', async () => {
    const { vm } = await vmOf(owner, { status: 'shutoff' });
    const ref = await seedBackup(owner, vm.id, 'snapshot');
    const wrongKind = await call(owner, 'vmAction/deleteCloneVirtualMachine', { cloneVMUUID: ref });
    expect(wrongKind.statusCode).toBe(404);
    const deleted = await call(owner, 'vmAction/deleteSnapshot', {
      provider: 'scaleComputing',
      SnapshotVMUUID: ref,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(backupMessages.snapshotDeleted);
    expect((await backupRow(ref)).status).toBe('deleted');
    // Being deleted, or already gone.
    expect(['busy', 'missing']).toContain(await simulatorOf(owner.companyId).status(ref));
    expect((await call(owner, 'vmAction/deleteSnapshot', { snapshotVMUUID: ref })).statusCode).toBe(
      404,
    );
    expect((await backupsOf(owner, `?vmId=${vm.id}`)).json().data.total).toBe(0);
  });

  it('refuse to view or restore the backup of a blocked machine (403)', async () => {
    const { vm } = await vmOf(owner, { status: 'shutoff' });
    const ref = await seedBackup(owner, vm.id, 'clone');
    await t.database.db
      .update(virtualMachines)
      .set({ isBlocked: true })
      .where(eq(virtualMachines.id, vm.id));
    for (const [path, payload] of [
      ['vmAction/viewCloneVM', { virDomainUUID: ref }],
      ['virtualMachine/restoreCloneVM', { cloneVmUUID: ref }],
    ] as const) {
      const response = await call(owner, path, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(blockedMessage('use'));
    }
    expect((await backupsOf(owner, `?vmId=${vm.id}`)).json().data.rows[0].isBlocked).toBe(1);
  });

  it('let one of two deletes at once win (the other 404), and one of two restores', async () => {
    const { vm } = await vmOf(owner, { status: 'shutoff' });
    const clone = await seedBackup(owner, vm.id, 'clone');
    const other = await seedBackup(owner, vm.id, 'clone');
    const request = (path: string, body: object) => ({
      path: `/api/${path}`,
      body,
      headers: {
        origin: MAIN_ORIGIN,
        cookie: Object.entries(owner.cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        ...owner.csrf,
      },
    });
    const deletes = await sendAtOnce(port, [
      request('vmAction/deleteCloneVirtualMachine', { cloneVMUUID: clone }),
      request('vmAction/deleteCloneVirtualMachine', { cloneVMUUID: clone }),
    ]);
    expect(deletes.map((response) => response.status).sort()).toEqual([200, 404]);

    const restores = await sendAtOnce(port, [
      request('virtualMachine/restoreCloneVM', { cloneVmUUID: other }),
      request('virtualMachine/restoreCloneVM', { cloneVmUUID: other }),
    ]);
    expect(restores.map((response) => response.status).sort()).toEqual([200, 400]);
    const made = await t.database.db
      .select({ n: count() })
      .from(virtualMachines)
      .where(and(eq(virtualMachines.machineUuid, other), eq(virtualMachines.isClone, true)));
    expect(made[0]!.n).toBe(1);
  });

  it('deletes backups whose kept duration has passed, once, leaving restored clones', async () => {
    const { vm } = await vmOf(owner, { status: 'shutoff' });
    const expired = await seedBackup(owner, vm.id, 'snapshot');
    const kept = await seedBackup(owner, vm.id, 'clone');
    await t.database.db
      .update(vmBackups)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(vmBackups.hypervisorRef, expired));
    const deps = {
      db: t.database.db,
      hypervisors: createHypervisorConnector({
        db: t.database.db,
        credentialsKey: resolveCredentialsKey(t.config),
        simulatorOperationMs: OPERATION_MS,
      }),
    };
    const sweeps = await Promise.all([
      deleteExpiredBackups(deps, new Date()),
      deleteExpiredBackups(deps, new Date()),
    ]);
    expect(sweeps.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect((await backupRow(expired)).status).toBe('deleted');
    expect((await backupRow(kept)).status).toBe('ready');
    expect(['busy', 'missing']).toContain(await simulatorOf(owner.companyId).status(expired));
  });
});

describe('OpenAPI', () => {
  it('documents every backup and update call', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/virtualMachine/getVMDetailForCloneVm',
      '/api/virtualMachine/getVMDetailForSnapshotVm',
      '/api/virtualMachine/createOrderForcloneVM',
      '/api/virtualMachine/createOrderForSnapshotVM',
      '/api/virtualMachine/getVMDetailForUpdateVM',
      '/api/virtualMachine/updateVM',
      '/api/vmAction/viewCloneVM',
      '/api/vmAction/deleteCloneVirtualMachine',
      '/api/vmAction/deleteSnapshot',
      '/api/virtualMachine/restoreCloneVM',
    ]) {
      expect(spec.paths[path]?.post, path).toBeDefined();
    }
    expect(spec.paths['/api/vmAction/vmBackups']?.get).toBeDefined();
  });
});
