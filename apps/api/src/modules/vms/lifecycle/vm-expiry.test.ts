import { randomBytes } from 'node:crypto';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { notifications } from '../../../db/schema/accounts';
import { mailOutbox } from '../../../db/schema/mail';
import { simulatedMachines } from '../../../db/schema/hypervisors';
import { virtualMachines, vmExpiryNotices } from '../../../db/schema/virtual-machines';
import {
  createHypervisorConnector,
  type HypervisorConnector,
} from '../../../hypervisors/company-hypervisors';
import { HypervisorUnavailable } from '../../../hypervisors/provider';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { startJobQueue } from '../../../jobs/job-queue';
import { QUEUES } from '../../../jobs/queues';
import { createMailService } from '../../../mail/mail-service';
import {
  companyIdOf,
  insertCustomer,
  insertVm,
  recordingJobQueue,
  runningMachine,
  SERVICE_TYPE,
} from '../../../../test/support/lifecycle-fixtures';
import { rowsOf } from '../../../db/client';
import { DAY_MS, reminderKind, sweepVmLifecycle, type ExpiryDeps } from './vm-expiry';
import { MachineNotSettled, runVmLifecycleJob } from './vm-lifecycle-jobs';

const OPERATION_MS = 50;
const GRACE_DAYS = 7;
let t: TestApp;
let companyId: number;
let clock = Date.parse('2031-02-03T10:00:00Z');
const now = () => new Date(clock);
const passOperation = () => {
  clock += OPERATION_MS;
};
let connect: HypervisorConnector;
let jobs: ReturnType<typeof recordingJobQueue>;
let deps: ExpiryDeps;
let simulator: SimulatorHypervisor;

beforeAll(async () => {
  t = await createTestApp({ SIMULATOR_OPERATION_MS: String(OPERATION_MS) });
  companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
  connect = createHypervisorConnector({
    db: t.database.db,
    credentialsKey: randomBytes(32),
    simulatorOperationMs: OPERATION_MS,
    now,
  });
  jobs = recordingJobQueue();
  // Jobs are only recorded here: the tests run each machine's job themselves, on their clock.
  deps = {
    db: t.database.db,
    mail: createMailService(t.database.db, jobs, 'portal@example.com'),
    jobs,
    archiveGraceDays: GRACE_DAYS,
  };
  simulator = new SimulatorHypervisor(
    { operationMs: OPERATION_MS },
    { database: t.database.db, companyId, now },
  );
});
afterAll(() => t.close());

const sweepAt = (at: number) => sweepVmLifecycle(deps, new Date(at));

/** A customer's running machine (at the simulator too) whose period ends at `endsAt`. */
async function machineEndingAt(endsAt: number, seed: { language?: 'en' | 'ko' } = {}) {
  const customer = await insertCustomer(t.database.db, companyId);
  const uuid = await runningMachine(await connect(SERVICE_TYPE, companyId), passOperation);
  const vm = await insertVm(t.database.db, {
    companyId,
    customerId: customer.id,
    endsAt: new Date(endsAt),
    machineUuid: uuid,
    language: seed.language,
  });
  return { vm, customer, uuid };
}

const noticesOf = (vmId: number) =>
  t.database.db
    .select({ kind: vmExpiryNotices.kind, endsAt: vmExpiryNotices.endsAt })
    .from(vmExpiryNotices)
    .where(eq(vmExpiryNotices.vmId, vmId))
    .orderBy(asc(vmExpiryNotices.createdAt), asc(vmExpiryNotices.kind));

const bellsOf = (customerId: number) =>
  t.database.db
    .select({ detail: notifications.detail })
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(asc(notifications.id));

const mailsTo = (email: string) =>
  t.database.db
    .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.id));

const rowOf = async (vmId: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, vmId)))[0]!;

/** The simulator's row, once any finished operation is applied. */
const machineOf = async (uuid: string) => {
  await simulator.status(uuid);
  const [row] = await t.database.db
    .select()
    .from(simulatedMachines)
    .where(eq(simulatedMachines.uuid, uuid));
  return row!;
};

const jobsFor = (vmId: number) =>
  jobs.sent.filter((job) => job.queue === QUEUES.vmLifecycle && job.data.vmId === vmId);

describe('reminderKind', () => {
  it('is 7 days out to one day, then one day to the end, and nothing outside', () => {
    const end = new Date(clock + 10 * DAY_MS);
    const at = (daysBefore: number) => new Date(end.getTime() - daysBefore * DAY_MS);
    expect(reminderKind(end, at(8))).toBeNull();
    expect(reminderKind(end, at(7))).toBe('reminder-7d');
    expect(reminderKind(end, at(1.5))).toBe('reminder-7d');
    expect(reminderKind(end, at(1))).toBe('reminder-1d');
    expect(reminderKind(end, at(0.01))).toBe('reminder-1d');
    expect(reminderKind(end, at(0))).toBeNull();
  });
});

describe('the expiry sweep', () => {
  it('reminds at 7 days and 1 day once each, shuts the machine off at its end and archives it after the grace period', async () => {
    const end = clock + 20 * DAY_MS;
    const { vm, customer, uuid } = await machineEndingAt(end);

    await sweepAt(end - 8 * DAY_MS);
    expect(await noticesOf(vm.id)).toEqual([]);
    expect(await bellsOf(customer.id)).toEqual([]);

    await sweepAt(end - 7 * DAY_MS);
    await sweepAt(end - 7 * DAY_MS + 60_000);
    expect((await noticesOf(vm.id)).map((notice) => notice.kind)).toEqual(['reminder-7d']);
    const bells = await bellsOf(customer.id);
    expect(bells).toHaveLength(1);
    expect(bells[0]!.detail).toContain(vm.name);
    expect(bells[0]!.detail).toContain('Renewals tab');
    const mails = await mailsTo(customer.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['vm-reminder-7d']);
    expect(mails[0]!.subject).toContain('ends in 7 days');
    expect(mails[0]!.text).toContain('/CustomerProfile/3');

    await sweepAt(end - 2 * DAY_MS);
    expect(await noticesOf(vm.id)).toHaveLength(1);
    await sweepAt(end - DAY_MS);
    await sweepAt(end - DAY_MS / 2);
    expect((await noticesOf(vm.id)).map((notice) => notice.kind)).toEqual([
      'reminder-7d',
      'reminder-1d',
    ]);
    expect((await mailsTo(customer.email)).map((mail) => mail.kind)).toEqual([
      'vm-reminder-7d',
      'vm-reminder-1d',
    ]);
    expect((await rowOf(vm.id)).status).toBe('running');
    expect(jobsFor(vm.id)).toEqual([]);

    // The end date: expired at once, the power-off queued once.
    await sweepAt(end);
    await sweepAt(end + 60_000);
    const expired = await rowOf(vm.id);
    expect(expired.status).toBe('expired');
    expect(expired.expiredAt?.getTime()).toBe(end);
    expect(jobsFor(vm.id).map((job) => job.data.action)).toEqual(['power-off']);
    expect((await noticesOf(vm.id)).map((notice) => notice.kind)).toContain('expired');
    expect((await mailsTo(customer.email)).at(-1)!.subject).toContain('has been shut off');

    expect(
      await runVmLifecycleJob(
        { db: t.database.db, connect, now },
        { vmId: vm.id, action: 'power-off' },
      ),
    ).toBe('done');
    passOperation();
    expect(await simulator.status(uuid)).toBe('shutoff');

    // One minute before the grace period ends nothing happens; at its end, archived.
    await sweepAt(end + GRACE_DAYS * DAY_MS - 60_000);
    expect((await rowOf(vm.id)).status).toBe('expired');
    await sweepAt(end + GRACE_DAYS * DAY_MS);
    const archived = await rowOf(vm.id);
    expect(archived.status).toBe('archived');
    expect(archived.archivedAt?.getTime()).toBe(end + GRACE_DAYS * DAY_MS);
    expect(jobsFor(vm.id).map((job) => job.data.action)).toEqual(['power-off', 'archive']);
    expect(
      await runVmLifecycleJob(
        { db: t.database.db, connect, now },
        { vmId: vm.id, action: 'archive' },
      ),
    ).toBe('done');
    passOperation();
    expect((await machineOf(uuid)).isArchived).toBe(true);
    // A repeated job is harmless.
    expect(
      await runVmLifecycleJob(
        { db: t.database.db, connect, now },
        { vmId: vm.id, action: 'archive' },
      ),
    ).toBe('done');

    expect((await noticesOf(vm.id)).map((notice) => notice.kind).sort()).toEqual([
      'archived',
      'expired',
      'reminder-1d',
      'reminder-7d',
    ]);
    expect(await bellsOf(customer.id)).toHaveLength(4);
    expect(await mailsTo(customer.email)).toHaveLength(4);
  });

  it('reminds again after a renewal moved the end date', async () => {
    const end = clock + 40 * DAY_MS;
    const { vm } = await machineEndingAt(end);
    await sweepAt(end - 7 * DAY_MS);
    await sweepAt(end - DAY_MS);
    expect(await noticesOf(vm.id)).toHaveLength(2);

    const renewedEnd = end + 30 * DAY_MS;
    await t.database.db
      .update(virtualMachines)
      .set({ endsAt: new Date(renewedEnd) })
      .where(eq(virtualMachines.id, vm.id));
    // The old end date passes without expiring the renewed machine.
    await sweepAt(end + 60_000);
    expect((await rowOf(vm.id)).status).toBe('running');
    await sweepAt(renewedEnd - 7 * DAY_MS);
    const notices = await noticesOf(vm.id);
    expect(notices.map((notice) => notice.kind)).toEqual([
      'reminder-7d',
      'reminder-1d',
      'reminder-7d',
    ]);
    expect(notices[2]!.endsAt.getTime()).toBe(renewedEnd);
  });

  it('writes the notices in the order’s language', async () => {
    const end = clock + 50 * DAY_MS;
    const { customer } = await machineEndingAt(end, { language: 'ko' });
    await sweepAt(end - 7 * DAY_MS);
    const [mail] = await mailsTo(customer.email);
    expect(mail!.subject).toContain('7일 남았습니다');
    expect((await bellsOf(customer.id))[0]!.detail).toContain('갱신 탭');
  });

  it('leaves machines that are provisioning, failed, deleted or without an end date alone', async () => {
    const end = clock + 60 * DAY_MS;
    const customer = await insertCustomer(t.database.db, companyId);
    const others = [];
    for (const status of ['provisioning', 'failed', 'deleted'] as const) {
      others.push(
        await insertVm(t.database.db, {
          companyId,
          customerId: customer.id,
          endsAt: new Date(end),
          status,
        }),
      );
    }
    others.push(
      await insertVm(t.database.db, { companyId, customerId: customer.id, endsAt: null }),
    );
    await sweepAt(end - 7 * DAY_MS);
    await sweepAt(end + GRACE_DAYS * DAY_MS + DAY_MS);
    for (const vm of others) {
      expect(await noticesOf(vm.id)).toEqual([]);
      expect((await rowOf(vm.id)).status).toBe(vm.status);
    }
    expect(await bellsOf(customer.id)).toEqual([]);
  });

  it('shows a machine expired while the hypervisor is unreachable, and the power-off is retried', async () => {
    const end = clock + 70 * DAY_MS;
    const { vm, uuid } = await machineEndingAt(end);
    await simulator.failNext(uuid, 'the hypervisor is down', 'unavailable');

    await sweepAt(end);
    expect((await rowOf(vm.id)).status).toBe('expired');
    const job = { vmId: vm.id, action: 'power-off' } as const;
    await expect(runVmLifecycleJob({ db: t.database.db, connect, now }, job)).rejects.toThrow(
      HypervisorUnavailable,
    );
    expect(await simulator.status(uuid)).toBe('running');
    expect((await rowOf(vm.id)).status).toBe('expired');

    // pg-boss runs the job again: now it goes through.
    expect(await runVmLifecycleJob({ db: t.database.db, connect, now }, job)).toBe('done');
    passOperation();
    expect(await simulator.status(uuid)).toBe('shutoff');
  });

  it('archives a machine that is still running by powering it off first', async () => {
    const end = clock + 80 * DAY_MS;
    const { vm, uuid } = await machineEndingAt(end);
    await sweepAt(end);
    // The power-off never happened (its job gave up): the archive job does it, then comes back.
    await sweepAt(end + GRACE_DAYS * DAY_MS);
    expect((await rowOf(vm.id)).status).toBe('archived');
    const job = { vmId: vm.id, action: 'archive' } as const;
    const jobDeps = { db: t.database.db, connect, now };
    await expect(runVmLifecycleJob(jobDeps, job)).rejects.toThrow(MachineNotSettled);
    // Still powering off: not settled yet.
    await expect(runVmLifecycleJob(jobDeps, job)).rejects.toThrow(MachineNotSettled);
    passOperation();
    expect(await runVmLifecycleJob(jobDeps, job)).toBe('done');
    passOperation();
    const machine = await machineOf(uuid);
    expect(machine.state).toBe('shutoff');
    expect(machine.isArchived).toBe(true);
  });

  it('skips a job whose machine moved on (renewed before its power-off ran)', async () => {
    const end = clock + 90 * DAY_MS;
    const { vm, uuid } = await machineEndingAt(end);
    await sweepAt(end);
    await t.database.db
      .update(virtualMachines)
      .set({ status: 'running', endsAt: new Date(end + 30 * DAY_MS) })
      .where(eq(virtualMachines.id, vm.id));
    expect(
      await runVmLifecycleJob(
        { db: t.database.db, connect, now },
        { vmId: vm.id, action: 'power-off' },
      ),
    ).toBe('skipped');
    expect(await simulator.status(uuid)).toBe('running');
  });

  it('sends each notice once and queues each power-off once when two sweeps run at the same time', async () => {
    const end = clock + 100 * DAY_MS;
    const machines = [];
    for (let index = 0; index < 6; index++) machines.push(await machineEndingAt(end - index));

    await Promise.all([sweepAt(end - 7 * DAY_MS), sweepAt(end - 7 * DAY_MS)]);
    await Promise.all([sweepAt(end + 10), sweepAt(end + 10)]);
    for (const { vm, customer } of machines) {
      expect((await noticesOf(vm.id)).map((notice) => notice.kind)).toEqual([
        'reminder-7d',
        'expired',
      ]);
      expect(await bellsOf(customer.id)).toHaveLength(2);
      expect(await mailsTo(customer.email)).toHaveLength(2);
      expect(jobsFor(vm.id)).toHaveLength(1);
      expect((await rowOf(vm.id)).status).toBe('expired');
    }
  });
});

describe('the sweep through pg-boss', () => {
  it('is scheduled once a minute, one schedule however many processes ask', async () => {
    const first = await startJobQueue(t.database, () => {});
    const second = await startJobQueue(t.database, () => {});
    try {
      await first.schedule(QUEUES.vmLifecycleSweep, '* * * * *');
      await second.schedule(QUEUES.vmLifecycleSweep, '* * * * *');
      const result = await t.database.db.execute(
        sql`select name, cron, timezone from pgboss.schedule where name = ${QUEUES.vmLifecycleSweep}`,
      );
      expect(rowsOf(result)).toEqual([
        { name: QUEUES.vmLifecycleSweep, cron: '* * * * *', timezone: 'UTC' },
      ]);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it("queues the power-off job that the app's worker runs against the simulator", async () => {
    const queue = await startJobQueue(t.database, () => {});
    try {
      const realDeps: ExpiryDeps = {
        ...deps,
        jobs: queue,
        mail: createMailService(t.database.db, queue, 'portal@example.com'),
      };
      // The app's worker runs on the real clock: a machine whose period ended a minute ago.
      const realConnect = createHypervisorConnector({
        db: t.database.db,
        credentialsKey: randomBytes(32),
        simulatorOperationMs: OPERATION_MS,
      });
      const customer = await insertCustomer(t.database.db, companyId);
      const hypervisor = await realConnect(SERVICE_TYPE, companyId);
      const uuid = await runningMachine(
        hypervisor,
        () => new Promise((resolve) => setTimeout(resolve, OPERATION_MS * 3)),
      );
      const vm = await insertVm(t.database.db, {
        companyId,
        customerId: customer.id,
        endsAt: new Date(Date.now() - 60_000),
        machineUuid: uuid,
      });
      await sweepVmLifecycle(realDeps, new Date());
      expect((await rowOf(vm.id)).status).toBe('expired');
      await expect
        .poll(() => hypervisor.status(uuid), { timeout: 10_000, interval: 100 })
        .toBe('shutoff');
      const [notice] = await t.database.db
        .select()
        .from(vmExpiryNotices)
        .where(and(eq(vmExpiryNotices.vmId, vm.id), like(vmExpiryNotices.kind, 'expired')));
      expect(notice).toBeDefined();
    } finally {
      await queue.stop();
    }
  });
});
