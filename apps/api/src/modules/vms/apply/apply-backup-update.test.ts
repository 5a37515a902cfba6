import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { notifications } from '../../../db/schema/accounts';
import { simulatedMachines } from '../../../db/schema/hypervisors';
import { mailOutbox } from '../../../db/schema/mail';
import {
  orders,
  paymentTransactions,
  vmRequests,
  type OrderDetails,
} from '../../../db/schema/orders';
import { orderTargets, vmBackups, virtualMachines } from '../../../db/schema/virtual-machines';
import { createHypervisorConnector } from '../../../hypervisors/company-hypervisors';
import { HypervisorUnavailable, type Hypervisor } from '../../../hypervisors/provider';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import type { JobQueue } from '../../../jobs/job-queue';
import { createMailService } from '../../../mail/mail-service';
import { applyVerdict } from '../../payments/apply-verdict';
import { COPY_CLAIM_LEASE_MS } from './apply-backup';
import { applyPaidOrder } from './apply-paid-order';
import { ADD_DISK_LEASE_MS, POWER_CYCLING } from './apply-update';
import type { ApplyDeps } from './paid-order-handler';
import { APPLY_FAILED } from '../orders/vm-order-detail';
import { addedDisksOf } from '../queries/vm-sizes';
import { makeVm } from '../../../../test/support/vm-order-fixtures';
import { companyIdOf, insertCustomer } from '../../../../test/support/lifecycle-fixtures';

const OPERATION_MS = 20;

let t: TestApp;
let companyId: number;
let clock = Date.parse('2026-05-04T09:00:00Z');
const now = () => new Date(clock);
const passTime = (ms = OPERATION_MS) => {
  clock += ms;
};

/** Jobs are only recorded: no worker takes these orders, so each run here is the test's own. */
const recordedJobs: JobQueue = {
  send: async () => {},
  sendMany: async () => {},
  work: async () => {},
  wake: () => {},
  stop: async () => {},
};

let deps: ApplyDeps;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
  deps = {
    db: t.database.db,
    mail: createMailService(t.database.db, recordedJobs, 'portal@example.com'),
    connect: createHypervisorConnector({
      db: t.database.db,
      credentialsKey: randomBytes(32),
      simulatorOperationMs: OPERATION_MS,
      now,
    }),
    now,
  };
});
afterAll(() => t.close());

const simulator = () =>
  new SimulatorHypervisor(
    { operationMs: OPERATION_MS },
    { database: t.database.db, companyId, now },
  );

async function newCustomer() {
  const { id, email } = await insertCustomer(t.database.db, companyId, {
    email: `owner-${randomBytes(4).toString('hex')}@example.co.za`,
  });
  return { id, email };
}

async function machine(status: 'running' | 'shutoff' = 'running') {
  const customer = await newCustomer();
  const made = await makeVm(
    {
      db: t.database.db,
      simulator: simulator(),
      settle: async (done) => {
        for (let step = 0; step < 5 && !(await done()); step += 1) passTime();
      },
      now,
    },
    { companyId, customerId: customer.id, status },
  );
  return { ...made, customer };
}

/** A paid kind 2 or 4 order for the machine, settled as a gateway's verdict would settle it. */
async function paidOrder(
  vm: typeof virtualMachines.$inferSelect,
  kind: 2 | 4,
  details: OrderDetails,
  lines: (typeof orders.$inferInsert)['lines'],
) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      reference: `APL-${randomBytes(8).toString('hex')}`,
      companyId,
      customerId: vm.customerId,
      kind,
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 1_000,
      discountMinor: 0,
      taxMinor: 150,
      totalMinor: 1_150,
      taxBasisPoints: 1_500,
      taxBasis: 'afterDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 1_150,
      productId: vm.productId,
      productName: vm.name,
      operatingSystem: vm.operatingSystem,
      lines,
      periodDays: 1,
      details,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  await db
    .insert(orderTargets)
    .values({ orderId: order!.id, vmId: vm.id, companyId, costMinor: 1_000 });
  const settle = () =>
    applyVerdict(
      { db, jobs: recordedJobs },
      order!,
      { source: 'sandbox', payload: {} },
      { status: 'paid', amountMinor: 1_150, currency: 'ZAR' },
    );
  expect((await settle()).settled).toBe(true);
  return { order: order!, settleAgain: settle };
}

const clone = (
  vm: typeof virtualMachines.$inferSelect,
  backupKind: 'Clone' | 'Snapshot' = 'Clone',
) =>
  paidOrder(vm, 2, { backupKind, durationCount: 2, durationType: 'Weekly' }, [
    { name: 'Disk', count: vm.diskGb, unit: 'GB', costMinor: 1_000, discountMinor: 0 },
  ]);

const backupOf = async (orderId: number) =>
  (await t.database.db.select().from(vmBackups).where(eq(vmBackups.orderId, orderId)))[0];

const copiesNamed = (orderId: number) =>
  t.database.db
    .select()
    .from(simulatedMachines)
    .where(
      and(
        eq(simulatedMachines.companyId, companyId),
        like(simulatedMachines.name, `% order-${orderId}`),
      ),
    );

const bellsOf = (customerId: number) =>
  t.database.db
    .select({ detail: notifications.detail })
    .from(notifications)
    .where(eq(notifications.customerId, customerId));

const mailsOf = (reference: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.kind, `%-${reference}`));

const requestStatus = async (orderId: number) =>
  (
    await t.database.db
      .select({ status: vmRequests.status })
      .from(vmRequests)
      .where(eq(vmRequests.orderId, orderId))
  )[0]!.status;

const orderRow = async (orderId: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('applyBackupOrder (kind 2)', () => {
  it('makes the copy once, waits for it without sleeping, and tells the customer once', async () => {
    const { vm, customer } = await machine();
    const { order } = await clone(vm);

    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({
      status: 'waiting',
      retryInSeconds: 5,
    });
    const creating = await backupOf(order.id);
    expect(creating).toMatchObject({ status: 'creating', kind: 'clone', vmId: vm.id });
    expect(creating!.hypervisorRef).not.toBeNull();
    // Still being copied: the next look waits again.
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    const ready = await backupOf(order.id);
    expect(ready!.status).toBe('ready');
    expect(ready!.expiresAt!.getTime()).toBe(clock + 14 * 86_400_000);
    expect((await orderRow(order.id)).appliedAt).not.toBeNull();
    expect(await requestStatus(order.id)).toBe('applied');

    // Duplicates and retries after the end change nothing.
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect(await copiesNamed(order.id)).toHaveLength(1);
    expect(
      (await bellsOf(customer.id)).filter((bell) => bell.detail.includes('is ready')),
    ).toHaveLength(1);
    expect((await mailsOf(order.reference)).map((mail) => mail.kind)).toEqual([
      `vm-clone-applied-${order.reference}`,
    ]);
  });

  it('applies a twice-paid order once, however many runs race', async () => {
    const { vm, customer } = await machine('shutoff');
    const { order, settleAgain } = await clone(vm, 'Snapshot');
    expect((await settleAgain()).settled).toBe(false);
    await Promise.all([
      applyPaidOrder(deps, { orderId: order.id }),
      applyPaidOrder(deps, { orderId: order.id }),
    ]);
    passTime();
    const outcomes = await Promise.all([
      applyPaidOrder(deps, { orderId: order.id }),
      applyPaidOrder(deps, { orderId: order.id }),
      applyPaidOrder(deps, { orderId: order.id }),
    ]);
    expect(outcomes.every((outcome) => outcome.status === 'running')).toBe(true);
    expect(await copiesNamed(order.id)).toHaveLength(1);
    expect((await copiesNamed(order.id))[0]!.kind).toBe('snapshot');
    expect(
      (await bellsOf(customer.id)).filter((bell) => bell.detail.includes('is ready')),
    ).toHaveLength(1);
    expect(await mailsOf(order.reference)).toHaveLength(1);
    const payments = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect(payments).toHaveLength(1);
  });

  it('resumes a job killed half-way: an unreachable hypervisor is retried, nothing is made twice', async () => {
    const { vm } = await machine();
    const { order } = await clone(vm);
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    const ref = (await backupOf(order.id))!.hypervisorRef;
    // The process dies; the next run finds the hypervisor unreachable: the job's retry follows.
    const unreachable: ApplyDeps = {
      ...deps,
      connect: async () => {
        throw new HypervisorUnavailable('connection refused');
      },
    };
    await expect(applyPaidOrder(unreachable, { orderId: order.id })).rejects.toThrow(
      HypervisorUnavailable,
    );
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect((await backupOf(order.id))!.hypervisorRef).toBe(ref);
    expect(await copiesNamed(order.id)).toHaveLength(1);
  });

  it('leaves a findable copy when a run dies between the hypervisor and the database (the documented gap)', async () => {
    const { vm } = await machine();
    const { order } = await clone(vm);
    const dyingAfterCopy: ApplyDeps = {
      ...deps,
      connect: async (serviceType, id) => {
        const real = await deps.connect(serviceType, id);
        return Object.assign(Object.create(real) as Hypervisor, {
          clone: async (uuid: string, name: string) => {
            await real.clone(uuid, name);
            throw new Error('process killed');
          },
        });
      },
    };
    await expect(applyPaidOrder(dyingAfterCopy, { orderId: order.id })).rejects.toThrow(
      'process killed',
    );
    expect((await backupOf(order.id))!.hypervisorRef).toMatch(/^claim:/);
    // Within the dead run's lease nobody asks again…
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    expect(await copiesNamed(order.id)).toHaveLength(1);
    // …after it, the next run does.
    passTime(COPY_CLAIM_LEASE_MS + 1);
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    // The backup is the second copy; the first carries the order in its name for clean-up.
    const copies = await copiesNamed(order.id);
    expect(copies).toHaveLength(2);
    expect(copies.map((copy) => copy.uuid)).toContain((await backupOf(order.id))!.hypervisorRef);
  });

  it('gives up on a copy the hypervisor refuses: the customer and company are told once, the money stays', async () => {
    const { vm, uuid, customer } = await machine();
    const { order } = await clone(vm);
    await simulator().failNext(uuid, 'quota exceeded', 'refuse');
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });
    expect((await backupOf(order.id))!.status).toBe('failed');
    expect(await requestStatus(order.id)).toBe(APPLY_FAILED);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: 'paid', appliedAt: null, totalMinor: 1_150 });
    expect(
      (await bellsOf(customer.id)).filter((bell) => bell.detail.includes('could not')),
    ).toHaveLength(1);
    const kinds = (await mailsOf(order.reference)).map((mail) => mail.kind).sort();
    expect(kinds).toEqual([
      `vm-clone-failed-${order.reference}`,
      `vm-clone-failed-company-${order.reference}`,
    ]);
    expect(kinds.join()).not.toContain('quota');
  });
});

const update = (
  vm: typeof virtualMachines.$inferSelect,
  allowsPowerCycle: boolean,
  sizes = { ramGb: 8, vcpus: 4, diskGb: 60 },
) =>
  paidOrder(vm, 4, { updateType: 'RamAndCpu', allowsPowerCycle }, [
    { name: 'Memory', count: sizes.ramGb, unit: 'GB', costMinor: 500, discountMinor: 0 },
    { name: 'Disk', count: sizes.diskGb, unit: 'GB', costMinor: 100, discountMinor: 0 },
    { name: 'Processor', count: sizes.vcpus, unit: 'vCPU', costMinor: 400, discountMinor: 0 },
  ]);

const addDisk = (vm: typeof virtualMachines.$inferSelect, sizeGb: number) =>
  paidOrder(vm, 4, { updateType: 'Disk', allowsPowerCycle: false }, [
    { name: 'Disk', count: sizeGb, unit: 'GB', costMinor: 1_000, discountMinor: 0 },
  ]);

/** Runs the job as the worker would (a run per wait, the clock moving on) until it settles. */
async function runUntilSettled(orderId: number, runs = 8) {
  const outcomes: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    const outcome = await applyPaidOrder(deps, { orderId: orderId });
    outcomes.push(outcome.status);
    if (outcome.status !== 'waiting') return outcomes;
    passTime();
  }
  return outcomes;
}

const vmRow = async (id: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, id)))[0]!;

describe('applyUpdateOrder (kind 4)', () => {
  it('with consent, shuts a running machine down, resizes it, starts it again and records it', async () => {
    const { vm, uuid, customer } = await machine();
    const { order } = await update(vm, true);
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    expect(await requestStatus(order.id)).toBe(POWER_CYCLING);
    // A duplicate run while the machine shuts down only waits.
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    passTime();
    expect(await runUntilSettled(order.id)).toEqual(['waiting', 'running']);
    passTime();
    expect(await simulator().details(uuid)).toMatchObject({
      state: 'running',
      ramGb: 8,
      vcpus: 4,
      diskGb: 60,
    });
    expect(await vmRow(vm.id)).toMatchObject({ ramGb: 8, vcpus: 4, diskGb: 60 });
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect(
      (await bellsOf(customer.id)).filter((bell) => bell.detail.includes('has been applied')),
    ).toHaveLength(1);
    expect(await mailsOf(order.reference)).toHaveLength(1);
  });

  it('without consent, waits for the customer to shut the machine off and leaves it off', async () => {
    const { vm, uuid } = await machine();
    const { order } = await update(vm, false);
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({
      status: 'waiting',
      retryInSeconds: 300,
    });
    expect(await simulator().status(uuid)).toBe('running');
    expect((await vmRow(vm.id)).ramGb).toBe(4);
    await simulator().shutdown(uuid);
    passTime();
    expect(await runUntilSettled(order.id)).toEqual(['waiting', 'running']);
    passTime();
    expect(await simulator().details(uuid)).toMatchObject({ state: 'shutoff', ramGb: 8, vcpus: 4 });
  });

  it('grows only the disk of a running machine without stopping it', async () => {
    const { vm, uuid } = await machine();
    const { order } = await update(vm, false, { ramGb: 4, vcpus: 2, diskGb: 80 });
    // Runs racing: one resize is accepted, the others find the machine busy and wait.
    const racing = await Promise.all([
      applyPaidOrder(deps, { orderId: order.id }),
      applyPaidOrder(deps, { orderId: order.id }),
      applyPaidOrder(deps, { orderId: order.id }),
    ]);
    expect(racing.map((outcome) => outcome.status)).toEqual(['waiting', 'waiting', 'waiting']);
    passTime();
    expect(await runUntilSettled(order.id)).toEqual(['running']);
    expect(await mailsOf(order.reference)).toHaveLength(1);
    passTime();
    expect(await simulator().details(uuid)).toMatchObject({ state: 'running', diskGb: 80 });
    expect((await vmRow(vm.id)).diskGb).toBe(80);
  });

  it('adds a disk once even when a run dies after recording what it was about to do', async () => {
    const { vm, uuid } = await machine();
    const { order } = await addDisk(vm, 50);
    // A run recorded its request and died before the hypervisor heard of it.
    await t.database.db
      .update(vmRequests)
      .set({ status: `adding-disk:0:${clock}` })
      .where(eq(vmRequests.orderId, order.id));
    // Within its lease nobody asks again; after it, the next run does.
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    expect((await simulator().details(uuid)).addedDisksGb).toEqual([]);
    passTime(ADD_DISK_LEASE_MS + 1);
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    // A duplicate run while the disk is being added, then the one that finds it done.
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect((await simulator().details(uuid)).addedDisksGb).toEqual([50]);
    expect(await addedDisksOf(t.database.db, vm.id)).toEqual([50]);

    // Runs racing on a fresh order: one asks, the others wait; one disk is added.
    const second = await addDisk(vm, 30);
    const racing = await Promise.all([
      applyPaidOrder(deps, { orderId: second.order.id }),
      applyPaidOrder(deps, { orderId: second.order.id }),
      applyPaidOrder(deps, { orderId: second.order.id }),
    ]);
    expect(racing.every((outcome) => outcome.status === 'waiting')).toBe(true);
    passTime();
    expect(await runUntilSettled(second.order.id)).toEqual(['running']);
    expect(await addedDisksOf(t.database.db, vm.id)).toEqual([50, 30]);
    // A third paid disk (ordered around the check) is refused by the hypervisor's limit.
    const third = await addDisk(vm, 10);
    expect(await runUntilSettled(third.order.id)).toEqual(['failed']);
    expect(await requestStatus(third.order.id)).toBe(APPLY_FAILED);
    expect((await simulator().details(uuid)).addedDisksGb).toEqual([50, 30]);
  });
});
