import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import {
  createHypervisorConnector,
  type HypervisorConnector,
} from '../../../hypervisors/company-hypervisors';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { QUEUES } from '../../../jobs/queues';
import { restoreArchivedVm, RestoreFailed, type RestoreDeps } from './archive-restore';
import {
  companyIdOf,
  insertCustomer,
  insertVm,
  recordingJobQueue,
  runningMachine,
  SERVICE_TYPE,
} from '../../../../test/support/lifecycle-fixtures';
import { DAY_MS } from './vm-expiry';
import { MachineNotSettled, runVmLifecycleJob } from './vm-lifecycle-jobs';

/**
 * `restoreArchivedVm` as the renewal's apply job calls it (ADR 017), on an injected clock: the
 * renewed archived machine is restored, started by its job and marked running; an unrenewed one
 * is left alone; a hypervisor failure leaves it archived and throws for the caller to retry.
 */

const OPERATION_MS = 50;
let t: TestApp;
let companyId: number;
let clock = Date.parse('2032-06-01T08:00:00Z');
const now = () => new Date(clock);
const passOperation = () => {
  clock += OPERATION_MS;
};
let connect: HypervisorConnector;
let jobs: ReturnType<typeof recordingJobQueue>;
let deps: RestoreDeps;
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
  deps = { db: t.database.db, connect, jobs, now };
  simulator = new SimulatorHypervisor(
    { operationMs: OPERATION_MS },
    { database: t.database.db, companyId, now },
  );
});
afterAll(() => t.close());

/** An archived VM (at the simulator too) whose end date is `endsInDays` away. */
async function archivedVm(endsInDays: number) {
  const customer = await insertCustomer(t.database.db, companyId);
  const uuid = await runningMachine(await connect(SERVICE_TYPE, companyId), passOperation);
  await simulator.powerOff(uuid);
  passOperation();
  await simulator.archive(uuid);
  passOperation();
  const vm = await insertVm(t.database.db, {
    companyId,
    customerId: customer.id,
    endsAt: new Date(clock + endsInDays * DAY_MS),
    status: 'archived',
    machineUuid: uuid,
    expiredAt: new Date(clock - 10 * DAY_MS),
    archivedAt: new Date(clock - 3 * DAY_MS),
  });
  return { vm, uuid };
}

const rowOf = async (vmId: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, vmId)))[0]!;

describe('restoreArchivedVm', () => {
  it('restores a renewed machine, which its job starts and marks running', async () => {
    const { vm, uuid } = await archivedVm(30);
    expect(await restoreArchivedVm(deps, vm)).toBe('restoring');
    expect((await rowOf(vm.id)).status).toBe('busy');
    const job = jobs.sent.find(
      (sent) => sent.queue === QUEUES.vmLifecycle && sent.data.vmId === vm.id,
    );
    expect(job?.data).toEqual({ vmId: vm.id, action: 'start-restored' });
    // A second restore (the customer's button after the renewal's job) finds nothing to do.
    expect(await restoreArchivedVm(deps, vm)).toBe('not-restorable');

    const jobDeps = { db: t.database.db, connect, now };
    const start = { vmId: vm.id, action: 'start-restored' } as const;
    // The restore is still under way, then the machine is starting: the job comes back.
    await expect(runVmLifecycleJob(jobDeps, start)).rejects.toThrow(MachineNotSettled);
    passOperation();
    await expect(runVmLifecycleJob(jobDeps, start)).rejects.toThrow(MachineNotSettled);
    passOperation();
    expect(await runVmLifecycleJob(jobDeps, start)).toBe('done');
    const restored = await rowOf(vm.id);
    expect(restored.status).toBe('running');
    expect(restored.archivedAt).toBeNull();
    expect(restored.expiredAt).toBeNull();
    expect(await simulator.status(uuid)).toBe('running');
    // Done: a repeated job does nothing.
    expect(await runVmLifecycleJob(jobDeps, start)).toBe('skipped');
  });

  it('leaves an unrenewed machine archived', async () => {
    const { vm } = await archivedVm(-8);
    expect(await restoreArchivedVm(deps, vm)).toBe('not-restorable');
    expect((await rowOf(vm.id)).status).toBe('archived');
  });

  it('throws RestoreFailed and leaves the machine archived when the hypervisor is down', async () => {
    const { vm, uuid } = await archivedVm(30);
    await simulator.failNext(uuid, 'storage offline', 'unavailable');
    await expect(restoreArchivedVm(deps, vm)).rejects.toThrow(RestoreFailed);
    const row = await rowOf(vm.id);
    expect(row.status).toBe('archived');
    expect(row.lastError).toBe('restoring the archive failed: the hypervisor is unavailable');
    // The renewal's job retries: now it goes through.
    expect(await restoreArchivedVm(deps, vm)).toBe('restoring');
  });

  it('starts a machine whose archive job never ran', async () => {
    const customer = await insertCustomer(t.database.db, companyId);
    const uuid = await runningMachine(await connect(SERVICE_TYPE, companyId), passOperation);
    await simulator.powerOff(uuid);
    passOperation();
    const vm = await insertVm(t.database.db, {
      companyId,
      customerId: customer.id,
      endsAt: new Date(clock + 30 * DAY_MS),
      status: 'archived',
      machineUuid: uuid,
      archivedAt: new Date(clock - DAY_MS),
    });
    expect(await restoreArchivedVm(deps, vm)).toBe('restoring');
    const jobDeps = { db: t.database.db, connect, now };
    const start = { vmId: vm.id, action: 'start-restored' } as const;
    await expect(runVmLifecycleJob(jobDeps, start)).rejects.toThrow(MachineNotSettled);
    passOperation();
    expect(await runVmLifecycleJob(jobDeps, start)).toBe('done');
    expect((await rowOf(vm.id)).status).toBe('running');
  });
});
