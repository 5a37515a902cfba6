import { randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { notifications } from '../../../db/schema/accounts';
import { vmProducts } from '../../../db/schema/catalogue';
import { companies } from '../../../db/schema/company';
import { simulatedMachines } from '../../../db/schema/hypervisors';
import { mailOutbox } from '../../../db/schema/mail';
import { orders, paymentTransactions, vmRequests } from '../../../db/schema/orders';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { createHypervisorConnector } from '../../../hypervisors/company-hypervisors';
import {
  HypervisorUnavailable,
  type Hypervisor,
  type MachineSpec,
} from '../../../hypervisors/provider';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { startJobQueue, type JobQueue } from '../../../jobs/job-queue';
import { createMailService } from '../../../mail/mail-service';
import { applyVerdict } from '../../payments/apply-verdict';
import { applyPaidOrder } from './apply-paid-order';
import type { ApplyDeps } from './paid-order-handler';
import { PROVISIONING_ATTEMPTS } from './provision-vm';
import { companyIdOf, insertCustomer } from '../../../../test/support/lifecycle-fixtures';

const OPERATION_MS = 20;
const PERIOD_DAYS = 90;

let t: TestApp;
let companyId: number;
let productId: number;
let clock = Date.parse('2026-05-04T09:00:00Z');
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

let deps: ApplyDeps;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
  const [product] = await t.database.db
    .select({ id: vmProducts.id })
    .from(vmProducts)
    .where(and(eq(vmProducts.companyId, companyId), eq(vmProducts.serviceType, 'Proxmox VE')));
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

/** A customer with a paid new-purchase order of 4 GB, 2 vCPU and 100 GB for 90 days. */
async function paidOrder(language: 'en' | 'ko' = 'en', jobs: JobQueue = recordedJobs) {
  const db = t.database.db;
  const { email, ...customer } = await insertCustomer(db, companyId, {
    email: `buyer-${randomBytes(4).toString('hex')}@example.co.za`,
    lastName: 'Buyer',
  });
  const [order] = await db
    .insert(orders)
    .values({
      reference: `ord-${randomBytes(8).toString('hex')}`,
      companyId,
      customerId: customer.id,
      kind: 1,
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 126_000,
      discountMinor: 7_200,
      taxMinor: 17_820,
      totalMinor: 136_620,
      taxBasisPoints: 1_500,
      taxBasis: 'afterDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 136_620,
      productId,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu 24.04',
      lines: [
        { name: 'Memory', count: 4, unit: 'GB', costMinor: 54_000, discountMinor: 0 },
        { name: 'Disk', count: 100, unit: 'GB', costMinor: 36_000, discountMinor: 0 },
        { name: 'Processor', count: 2, unit: 'vCPU', costMinor: 36_000, discountMinor: 0 },
      ],
      periodDays: PERIOD_DAYS,
      language,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  const settled = await applyVerdict(
    { db, jobs },
    order!,
    { source: 'sandbox', payload: {} },
    { status: 'paid', amountMinor: 136_620, currency: 'ZAR' },
  );
  expect(settled.settled).toBe(true);
  return { order: order!, customerId: customer.id, email };
}

async function machineOf(orderId: number) {
  const rows = await t.database.db
    .select()
    .from(virtualMachines)
    .where(eq(virtualMachines.orderId, orderId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const simulatedNamed = (orderId: number) =>
  t.database.db
    .select()
    .from(simulatedMachines)
    .where(
      and(
        eq(simulatedMachines.companyId, companyId),
        eq(simulatedMachines.name, `Ubuntu Starter ${orderId}`),
      ),
    );

const requestStatus = async (orderId: number) =>
  (
    await t.database.db
      .select({ status: vmRequests.status })
      .from(vmRequests)
      .where(eq(vmRequests.orderId, orderId))
  )[0]!.status;

const bellsOf = (customerId: number) =>
  t.database.db
    .select({ detail: notifications.detail })
    .from(notifications)
    .where(eq(notifications.customerId, customerId));

const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.kind, 'vm-%')));

/** What provisioning must never touch: the order and its payment. */
async function moneyTrail(orderId: number) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const payments = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, orderId));
  return { order, payments };
}

describe('provisionVm', () => {
  it('creates the machine, waits for it without sleeping, records it and tells the customer once', async () => {
    const { order, customerId, email } = await paidOrder();

    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({
      status: 'waiting',
      retryInSeconds: 5,
    });
    const provisioning = await machineOf(order.id);
    expect(provisioning).toMatchObject({
      status: 'provisioning',
      driver: 'simulator',
      serviceType: 'Proxmox VE',
      ramGb: 4,
      vcpus: 2,
      diskGb: 100,
      provisioningAttempts: 1,
      startsAt: null,
    });
    expect(provisioning.machineUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await requestStatus(order.id)).toBe('awaiting-provisioning');

    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    const running = await machineOf(order.id);
    const [simulated, ...others] = await simulatedNamed(order.id);
    expect(others).toHaveLength(0);
    expect(simulated).toMatchObject({
      uuid: running.machineUuid,
      state: 'running',
      ramGb: 4,
      vcpus: 2,
      diskGb: 100,
      image: 'Ubuntu 24.04',
      // Provisioning never asks the hypervisor for credentials: there is no password to leak.
      consolePasswordHash: null,
    });
    expect(running.status).toBe('running');
    expect(running.privateAddress).toBe(simulated!.privateAddress);
    expect(running.privateAddress).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect(running.startsAt).toEqual(now());
    expect(running.endsAt).toEqual(new Date(clock + PERIOD_DAYS * 86_400_000));
    expect(await requestStatus(order.id)).toBe('provisioned');

    const bells = (await bellsOf(customerId)).filter((bell) => bell.detail.includes('is running'));
    expect(bells).toHaveLength(1);
    expect(bells[0]!.detail).toContain('Products tab');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe(`vm-ready-${order.reference}`);
    expect(mails[0]!.subject).toContain('ready');
    expect(mails[0]!.text).toContain('Products tab');
    expect(mails[0]!.text).toContain('View');
    expect(mails[0]!.text).not.toMatch(/password\s*:/i);

    // Run again (a duplicate job, a retry): nothing changes.
    passTime(60_000);
    const before = await machineOf(order.id);
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect(await machineOf(order.id)).toEqual(before);
    expect(await simulatedNamed(order.id)).toHaveLength(1);
    expect(await bellsOf(customerId)).toHaveLength(2); // the payment's and the machine's
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('resumes a run killed after the create without creating a second machine', async () => {
    const { order, customerId, email } = await paidOrder('ko');
    const real = simulator();
    // The process dies right after the hypervisor accepted the create and the UUID was recorded.
    const dying: Hypervisor = Object.assign(Object.create(real) as Hypervisor, {
      status: async () => {
        throw new Error('process killed');
      },
    });
    await expect(
      applyPaidOrder({ ...deps, connect: async () => dying }, { orderId: order.id }),
    ).rejects.toThrow('process killed');
    const recorded = await machineOf(order.id);
    expect(recorded.machineUuid).not.toBeNull();
    expect(recorded.status).toBe('provisioning');
    expect(await simulatedNamed(order.id)).toHaveLength(1);

    // Later, after a restart: a fresh run picks it up from the row.
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    const running = await machineOf(order.id);
    expect(running.machineUuid).toBe(recorded.machineUuid);
    expect(running.provisioningAttempts).toBe(2);
    expect(await simulatedNamed(order.id)).toHaveLength(1);

    // In the order's language.
    const bells = await bellsOf(customerId);
    expect(bells.filter((bell) => bell.detail.includes('실행 중입니다'))).toHaveLength(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('가상 머신이 준비되었습니다');
    expect(mails[0]!.text).toContain('제품 탭');
  });

  it('does not create a second machine when the first create was made but its answer was lost', async () => {
    const { order } = await paidOrder();
    const real = simulator();
    // The hypervisor made the machine, but its answer never arrived (a timeout, a crash before
    // the UUID was written): the run fails with no UUID recorded.
    const answerLost: Hypervisor = Object.assign(Object.create(real) as Hypervisor, {
      create: async (spec: MachineSpec) => {
        await real.create(spec);
        throw new HypervisorUnavailable('timed out');
      },
    });
    await expect(
      applyPaidOrder({ ...deps, connect: async () => answerLost }, { orderId: order.id }),
    ).rejects.toThrow('timed out');
    expect((await machineOf(order.id)).machineUuid).toBeNull();
    const made = await simulatedNamed(order.id);
    expect(made).toHaveLength(1);

    // The retry asks again with the order's key and gets that same machine.
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'running' });
    expect((await machineOf(order.id)).machineUuid).toBe(made[0]!.uuid);
    expect(await simulatedNamed(order.id)).toHaveLength(1);
  });

  it('gives up when the machine fails, tells the customer and the company, and leaves the money alone', async () => {
    const { order, customerId, email } = await paidOrder();
    const trail = await moneyTrail(order.id);
    await simulator().failNext('create', 'disk array offline', 'fail');

    expect((await applyPaidOrder(deps, { orderId: order.id })).status).toBe('waiting');
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });

    const failed = await machineOf(order.id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toBe('the hypervisor reports the machine failed');
    expect(failed.startsAt).toBeNull();
    expect(await requestStatus(order.id)).toBe('provisioning-failed');
    const bells = (await bellsOf(customerId)).filter((bell) =>
      bell.detail.includes('could not set up'),
    );
    expect(bells).toHaveLength(1);
    expect(bells[0]!.detail).toContain('you have not lost your payment');
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.kind)).toEqual([`vm-failed-${order.reference}`]);
    expect(mails[0]!.text).toContain('Our team has been told');
    expect(mails[0]!.text).toContain('You have not lost your payment');
    const [{ companyEmail }] = (await t.database.db
      .select({ companyEmail: companies.email })
      .from(companies)
      .where(eq(companies.id, companyId))) as [{ companyEmail: string | null }];
    expect(companyEmail).toBeTruthy();
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, `vm-failed-company-${order.reference}`));
    expect(told.map((mail) => mail.toAddress)).toEqual([companyEmail]);
    expect(told[0]!.text).toContain(order.reference);
    expect(told[0]!.text).toContain('the hypervisor reports the machine failed');
    expect(await moneyTrail(order.id)).toEqual(trail);

    // A later run (a duplicate job) neither retries the machine nor tells anyone again.
    passTime();
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await simulatedNamed(order.id)).toHaveLength(1);
  });

  it('retries an unreachable hypervisor by failing the run, then gives up after the last attempt', async () => {
    const { order, customerId, email } = await paidOrder();
    const trail = await moneyTrail(order.id);
    const unreachable: Hypervisor = Object.assign(Object.create(simulator()) as Hypervisor, {
      create: async () => {
        throw new HypervisorUnavailable('connection refused');
      },
    });
    const offline = { ...deps, connect: async () => unreachable };

    for (let attempt = 1; attempt < PROVISIONING_ATTEMPTS; attempt += 1) {
      await expect(applyPaidOrder(offline, { orderId: order.id })).rejects.toBeInstanceOf(
        HypervisorUnavailable,
      );
      const machine = await machineOf(order.id);
      expect(machine).toMatchObject({
        status: 'provisioning',
        provisioningAttempts: attempt,
        machineUuid: null,
        lastError: 'the hypervisor is unavailable: connection refused',
      });
    }
    expect(await mailsTo(email)).toHaveLength(0);

    expect(await applyPaidOrder(offline, { orderId: order.id })).toEqual({ status: 'failed' });
    expect(await machineOf(order.id)).toMatchObject({
      status: 'failed',
      provisioningAttempts: PROVISIONING_ATTEMPTS,
      machineUuid: null,
    });
    expect(await requestStatus(order.id)).toBe('provisioning-failed');
    expect(
      (await bellsOf(customerId)).filter((bell) => bell.detail.includes('could not set up')),
    ).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await simulatedNamed(order.id)).toHaveLength(0);
    expect(await moneyTrail(order.id)).toEqual(trail);
  });

  it('fails at once when the hypervisor refuses the create', async () => {
    const { order } = await paidOrder();
    await simulator().failNext('create', 'quota exceeded', 'refuse');
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'failed' });
    expect(await machineOf(order.id)).toMatchObject({
      status: 'failed',
      lastError: 'the hypervisor refused: rejected',
      provisioningAttempts: 1,
    });
    expect(await requestStatus(order.id)).toBe('provisioning-failed');
  });

  it('ignores an order that is not a paid new purchase', async () => {
    const { order } = await paidOrder();
    await t.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    expect(await applyPaidOrder(deps, { orderId: order.id })).toEqual({ status: 'ignored' });
    // Another kind is its own handler's (here the renewal's, with no machine to renew).
    await t.database.db
      .update(orders)
      .set({ status: 'paid', kind: 3 })
      .where(eq(orders.id, order.id));
    await applyPaidOrder(deps, { orderId: order.id });
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(virtualMachines)
      .where(eq(virtualMachines.orderId, order.id))) as [{ n: number }];
    expect(n).toBe(0);
    expect(await applyPaidOrder(deps, { orderId: 987_654_321 })).toEqual({ status: 'ignored' });
  });

  it('is worked by the vm-request worker, which looks again later until the machine runs', async () => {
    // The app's own worker (3 s simulator operations) takes the job queued with the payment.
    const jobs = await startJobQueue(t.database, () => {});
    try {
      const { order, email } = await paidOrder('en', jobs);
      const deadline = Date.now() + 30_000;
      let machine = await t.database.db
        .select()
        .from(virtualMachines)
        .where(eq(virtualMachines.orderId, order.id));
      while (machine[0]?.status !== 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        machine = await t.database.db
          .select()
          .from(virtualMachines)
          .where(eq(virtualMachines.orderId, order.id));
      }
      expect(machine).toHaveLength(1);
      expect(machine[0]).toMatchObject({ status: 'running', driver: 'simulator' });
      expect(machine[0]!.provisioningAttempts).toBeGreaterThanOrEqual(2);
      expect(await requestStatus(order.id)).toBe('provisioned');
      expect(await simulatedNamed(order.id)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  }, 40_000);
});
