import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { notifications } from '../../../db/schema/accounts';
import { vmProducts } from '../../../db/schema/catalogue';
import { mailOutbox } from '../../../db/schema/mail';
import { orders, paymentTransactions, vmRequests } from '../../../db/schema/orders';
import { orderTargets, virtualMachines } from '../../../db/schema/virtual-machines';
import { createHypervisorConnector } from '../../../hypervisors/company-hypervisors';
import type { Hypervisor } from '../../../hypervisors/provider';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import type { JobQueue } from '../../../jobs/job-queue';
import { createMailService } from '../../../mail/mail-service';
import { applyVerdict } from '../../payments/apply-verdict';
import { applyPaidOrder } from './apply-paid-order';
import { RESTART_GIVE_UP_MS, type RenewalApplyDeps } from './apply-renewal';
import { companyIdOf, insertCustomer } from '../../../../test/support/lifecycle-fixtures';

const OPERATION_MS = 20;
const DAY_MS = 86_400_000;

let t: TestApp;
let companyId: number;
let productId: number;
let clock = Date.now();
const now = () => new Date(clock);
const passTime = (ms = OPERATION_MS) => {
  clock += ms;
};

/** Jobs are only recorded: no worker of the app takes these orders or delivers these mails. */
const recordedJobs: JobQueue = {
  send: async () => {},
  sendMany: async () => {},
  work: async () => {},
  wake: () => {},
  stop: async () => {},
};

let deps: RenewalApplyDeps;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
  const [product] = await t.database.db
    .select({ id: vmProducts.id })
    .from(vmProducts)
    .where(and(eq(vmProducts.companyId, companyId), eq(vmProducts.name, 'Ubuntu Starter')));
  productId = product!.id;
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
    email: `renewer-${randomBytes(4).toString('hex')}@example.co.za`,
    firstName: 'Sipho',
    lastName: 'Renewer',
    mobileNumber: '825550123',
  });
  return { id, email };
}

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** A simulated machine left shut off (and archived when asked), as the expiry jobs leave it. */
async function simulatedMachine(state: 'running' | 'shutoff' | 'archived') {
  const hypervisor = simulator();
  const { uuid } = await hypervisor.create({
    name: `renewal-${randomBytes(3).toString('hex')}`,
    image: 'Ubuntu',
    ramGb: 4,
    vcpus: 2,
    diskGb: 100,
  });
  passTime();
  expect(await hypervisor.status(uuid)).toBe('running');
  if (state !== 'running') {
    await hypervisor.powerOff(uuid);
    passTime();
  }
  if (state === 'archived') {
    await hypervisor.archive(uuid);
    passTime();
  }
  return uuid;
}

let nextReference = 0;

async function insertOrder(
  customer: Customer,
  fields: { kind: 1 | 3 | 5; periodDays: number; status?: 'pending' | 'paid' },
) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      reference: `APR-${randomBytes(6).toString('hex')}-${++nextReference}`,
      companyId,
      customerId: customer.id,
      kind: fields.kind,
      status: fields.status ?? 'pending',
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 126_000,
      discountMinor: 0,
      taxMinor: 18_900,
      totalMinor: 144_900,
      taxBasisPoints: 1500,
      taxBasis: 'beforeDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 144_900,
      productId,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu',
      lines: [],
      periodDays: fields.periodDays,
      expiresAt: new Date(Date.now() + 3_600_000),
      appliedAt: fields.kind === 1 ? new Date() : null,
    })
    .returning();
  return order!;
}

type VmSeed = {
  status: 'running' | 'shutoff' | 'expired' | 'archived';
  endsAt: Date;
  machineUuid: string;
  periodDays?: number;
};

async function insertVm(customer: Customer, seed: VmSeed) {
  const bought = await insertOrder(customer, { kind: 1, periodDays: 30, status: 'paid' });
  const [vm] = await t.database.db
    .insert(virtualMachines)
    .values({
      companyId,
      customerId: customer.id,
      orderId: bought.id,
      productId,
      name: `renewal-vm-${nextReference}`,
      operatingSystem: 'Ubuntu',
      serviceType: 'Proxmox VE',
      driver: 'simulator',
      machineUuid: seed.machineUuid,
      status: seed.status,
      ramGb: 4,
      vcpus: 2,
      diskGb: 100,
      periodDays: seed.periodDays ?? 30,
      startsAt: new Date(seed.endsAt.getTime() - 30 * DAY_MS),
      endsAt: seed.endsAt,
      expiredAt: seed.status === 'expired' || seed.status === 'archived' ? seed.endsAt : null,
      archivedAt: seed.status === 'archived' ? seed.endsAt : null,
    })
    .returning();
  return vm!;
}

/** A renewal order of `kind` for the machines, paid through the one settlement path. */
async function paidRenewal(customer: Customer, kind: 3 | 5, vmIds: number[], periodDays = 90) {
  const order = await insertOrder(customer, { kind, periodDays });
  await t.database.db
    .insert(orderTargets)
    .values(vmIds.map((vmId) => ({ orderId: order.id, vmId, companyId, costMinor: 42_000 })));
  const settled = await applyVerdict(
    { db: t.database.db, jobs: recordedJobs },
    order,
    { source: 'sandbox', payload: {} },
    { status: 'paid', amountMinor: order.chargeTotalMinor, currency: 'ZAR' },
  );
  expect(settled.settled).toBe(true);
  // Settled by the database's clock; the job measures its wait on the test's clock.
  await t.database.db.update(orders).set({ settledAt: now() }).where(eq(orders.id, order.id));
  return order;
}

const vmRow = async (id: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, id)))[0]!;
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const requestStatus = async (orderId: number) =>
  (
    await t.database.db
      .select({ status: vmRequests.status })
      .from(vmRequests)
      .where(eq(vmRequests.orderId, orderId))
  )[0]!.status;
/** The bell lines of the renewal job (the settlement's "Payment received" line left out). */
const bellsOf = async (customerId: number) =>
  (
    await t.database.db
      .select({ detail: notifications.detail })
      .from(notifications)
      .where(eq(notifications.customerId, customerId))
      .orderBy(notifications.id)
  ).filter((bell) => !bell.detail.startsWith('Payment received'));
const mailsTo = (email: string) =>
  t.database.db
    .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.kind, 'vm-%')));

describe('applyRenewal', () => {
  it('extends an expired VM from now, starts it again and applies the order once', async () => {
    const customer = await newCustomer();
    const uuid = await simulatedMachine('shutoff');
    const vm = await insertVm(customer, {
      status: 'expired',
      endsAt: new Date(clock - 5 * DAY_MS),
      machineUuid: uuid,
    });
    const order = await paidRenewal(customer, 3, [vm.id]);
    const paidAt = clock;

    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({
      status: 'waiting',
      retryInSeconds: 5,
    });
    const starting = await vmRow(vm.id);
    expect(starting.endsAt!.getTime()).toBe(paidAt + 90 * DAY_MS);
    expect(starting).toMatchObject({ status: 'busy', periodDays: 90 });
    expect(await simulator().status(uuid)).toBe('busy');
    expect(await requestStatus(order.id)).toBe('renewal-extended');
    expect((await orderRow(order.id)).appliedAt).toBeNull();

    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    const running = await vmRow(vm.id);
    expect(running).toMatchObject({ status: 'running', expiredAt: null, archivedAt: null });
    expect(running.endsAt!.getTime()).toBe(paidAt + 90 * DAY_MS);
    expect((await orderRow(order.id)).appliedAt).not.toBeNull();
    expect(await requestStatus(order.id)).toBe('renewed');

    // A duplicate job (or a retry after a crash) changes nothing.
    passTime(DAY_MS);
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect((await vmRow(vm.id)).endsAt!.getTime()).toBe(paidAt + 90 * DAY_MS);
    const bells = await bellsOf(customer.id);
    expect(bells).toHaveLength(1);
    expect(bells[0]!.detail).toMatch(
      /^Your virtual machine renewal-vm-\d+ has been renewed until /,
    );
    const mails = await mailsTo(customer.email);
    expect(mails).toEqual([
      {
        kind: `vm-renewed-${order.reference}`,
        subject: expect.stringContaining('has been renewed') as string,
      },
    ]);
    // The money trail is the settlement's: one transaction row, untouched.
    expect(
      await t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.orderId, order.id)),
    ).toHaveLength(1);
  });

  it('extends a VM still in its period from its old end date', async () => {
    const customer = await newCustomer();
    const endsAt = new Date(clock + 3 * DAY_MS);
    const vm = await insertVm(customer, {
      status: 'running',
      endsAt,
      machineUuid: await simulatedMachine('running'),
    });
    const order = await paidRenewal(customer, 3, [vm.id], 30);
    // Two jobs for the order at once (a duplicate): one extends.
    expect(
      await Promise.all([
        applyPaidOrder(deps, { orderId: order.id }),
        applyPaidOrder(deps, { orderId: order.id }),
      ]),
    ).toEqual([{ status: 'running' }, { status: 'running' }]);
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    const renewed = await vmRow(vm.id);
    expect(renewed.endsAt!.getTime()).toBe(endsAt.getTime() + 30 * DAY_MS);
    expect(renewed.status).toBe('running');
  });

  it('extends once per paid order: two paid renewals, two periods', async () => {
    const customer = await newCustomer();
    const endsAt = new Date(clock + DAY_MS);
    const vm = await insertVm(customer, {
      status: 'shutoff',
      endsAt,
      machineUuid: await simulatedMachine('shutoff'),
    });
    const first = await paidRenewal(customer, 3, [vm.id], 30);
    const second = await paidRenewal(customer, 3, [vm.id], 90);
    for (const order of [first, second, first, second]) {
      expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    }
    const renewed = await vmRow(vm.id);
    expect(renewed.endsAt!.getTime()).toBe(endsAt.getTime() + 120 * DAY_MS);
    // A shut-off machine in its period is left shut off.
    expect(renewed.status).toBe('shutoff');
    expect(await mailsTo(customer.email)).toHaveLength(2);
  });

  it('resumes a multi-renewal killed half-way with each VM extended exactly once', async () => {
    const customer = await newCustomer();
    const vms: Awaited<ReturnType<typeof insertVm>>[] = [];
    for (const periodDays of [30, 60, 90]) {
      vms.push(
        await insertVm(customer, {
          status: 'expired',
          endsAt: new Date(clock - 2 * DAY_MS),
          machineUuid: await simulatedMachine('shutoff'),
          periodDays,
        }),
      );
    }
    const order = await paidRenewal(
      customer,
      5,
      vms.map((vm) => vm.id),
      90,
    );
    const paidAt = clock;
    // The process dies while starting the second machine.
    let crashes = 1;
    const crashing: RenewalApplyDeps = {
      ...deps,
      connect: async (serviceType, company) => {
        const hypervisor = await deps.connect(serviceType, company);
        return new Proxy(hypervisor, {
          get(target, property, receiver) {
            if (property === 'start') {
              return async (uuid: string) => {
                if (uuid === vms[1]!.machineUuid && crashes-- > 0) throw new Error('killed');
                return target.start(uuid);
              };
            }
            const value = Reflect.get(target, property, receiver) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }) as Hypervisor;
      },
    };
    await expect(applyPaidOrder(crashing, { orderId: order.id })).rejects.toThrow('killed');
    expect((await vmRow(vms[2]!.id)).status).toBe('expired');

    for (let run = 0; run < 5 && (await orderRow(order.id)).appliedAt === null; run++) {
      await applyPaidOrder(crashing, { orderId: order.id });
      passTime();
    }
    expect((await orderRow(order.id)).appliedAt).not.toBeNull();
    for (const vm of vms) {
      const renewed = await vmRow(vm.id);
      expect(renewed.status).toBe('running');
      expect(renewed.endsAt!.getTime()).toBe(paidAt + vm.periodDays * DAY_MS);
    }
    const bells = await bellsOf(customer.id);
    expect(bells).toHaveLength(1);
    expect(bells[0]!.detail).toMatch(/^Your virtual machines have been renewed \(order /);
  });

  it('restores an archived VM and starts it', async () => {
    const customer = await newCustomer();
    const uuid = await simulatedMachine('archived');
    const vm = await insertVm(customer, {
      status: 'archived',
      endsAt: new Date(clock - 40 * DAY_MS),
      machineUuid: uuid,
    });
    const order = await paidRenewal(customer, 3, [vm.id], 30);
    const paidAt = clock;
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    expect(await vmRow(vm.id)).toMatchObject({ status: 'busy' });
    for (let run = 0; run < 5 && (await vmRow(vm.id)).status !== 'running'; run++) {
      passTime();
      await applyPaidOrder(deps, { orderId: order.id });
    }
    const restored = await vmRow(vm.id);
    expect(restored).toMatchObject({ status: 'running', archivedAt: null });
    expect(restored.endsAt!.getTime()).toBe(paidAt + 30 * DAY_MS);
    expect(await simulator().status(uuid)).toBe('running');
    expect((await orderRow(order.id)).appliedAt).not.toBeNull();
  });

  it('gives up on a machine that does not come back, tells the customer once, keeps the renewal', async () => {
    const customer = await newCustomer();
    const vm = await insertVm(customer, {
      status: 'expired',
      endsAt: new Date(clock - DAY_MS),
      machineUuid: '00000000-0000-4000-8000-00000000dead',
    });
    const order = await paidRenewal(customer, 3, [vm.id], 30);
    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    passTime(RESTART_GIVE_UP_MS);
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });
    expect(await requestStatus(order.id)).toBe('renewal-restart-failed');
    expect((await orderRow(order.id)).appliedAt).not.toBeNull();
    expect((await vmRow(vm.id)).endsAt!.getTime()).toBeGreaterThan(clock);
    const bells = (await bellsOf(customer.id)).map((bell) => bell.detail);
    expect(bells).toHaveLength(2);
    expect(bells[1]).toMatch(/we could not start renewal-vm-\d+ again/);
    expect((await mailsTo(customer.email)).map((mail) => mail.kind)).toEqual([
      `vm-renewed-${order.reference}`,
      `vm-renewal-restart-failed-${order.reference}`,
    ]);
  });

  it('ignores an order that is not a paid renewal', async () => {
    const customer = await newCustomer();
    const pending = await insertOrder(customer, { kind: 3, periodDays: 30 });
    expect(await applyPaidOrder(deps, { orderId: pending.id })).toEqual({ status: 'ignored' });
    const purchase = await insertOrder(customer, { kind: 1, periodDays: 30, status: 'paid' });
    expect(await applyPaidOrder(deps, { orderId: purchase.id })).toEqual({ status: 'ignored' });
  });
});
