import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { publicAddresses, virtualMachines } from '../../../db/schema/virtual-machines';
import {
  createHypervisorConnector,
  type HypervisorConnector,
} from '../../../hypervisors/company-hypervisors';
import type { Hypervisor } from '../../../hypervisors/provider';
import { startJobQueue } from '../../../jobs/job-queue';
import { QUEUES } from '../../../jobs/queues';
import {
  companyIdOf,
  insertCustomer,
  insertVm,
  recordingJobQueue,
  runningMachine,
  SERVICE_TYPE,
} from '../../../../test/support/lifecycle-fixtures';
import { deleteVm } from '../actions/vm-actions';
import { FINISH_DELETE_AFTER_SECONDS } from './vm-deletion';
import { rowsOf } from '../../../db/client';
import { MachineNotSettled, runVmLifecycleJob } from './vm-lifecycle-jobs';

/*
 * A delete claims the row, then asks the hypervisor. Should the process stop between the two,
 * the `finish-delete` job the claim wrote deletes the machine and frees its address later.
 */

const OPERATION_MS = 50;
let t: TestApp;
let companyId: number;
let clock = Date.parse('2031-05-06T10:00:00Z');
const now = () => new Date(clock);
const passOperation = () => {
  clock += OPERATION_MS;
};
let connect: HypervisorConnector;
let hypervisor: Hypervisor;
let addressCount = 0;

beforeAll(async () => {
  t = await createTestApp({ SIMULATOR_OPERATION_MS: String(OPERATION_MS) });
  companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
  connect = createHypervisorConnector({
    db: t.database.db,
    credentialsKey: randomBytes(32),
    simulatorOperationMs: OPERATION_MS,
    now,
  });
  hypervisor = await connect(SERVICE_TYPE, companyId);
});
afterAll(() => t.close());

const jobDeps = () => ({ db: t.database.db, connect, now });
const finishDelete = (vmId: number) =>
  runVmLifecycleJob(jobDeps(), { vmId, action: 'finish-delete' });

/** A customer's machine at the simulator, in `state`, with a public address, its row `status`. */
async function machineWithAddress(
  state: 'running' | 'shutoff',
  status: 'deleted' | 'shutoff',
): Promise<{ vmId: number; uuid: string; customerId: number }> {
  const customer = await insertCustomer(t.database.db, companyId);
  const uuid = await runningMachine(hypervisor, passOperation);
  if (state === 'shutoff') {
    await hypervisor.powerOff(uuid);
    passOperation();
    expect(await hypervisor.status(uuid)).toBe('shutoff');
  }
  const vm = await insertVm(t.database.db, {
    companyId,
    customerId: customer.id,
    endsAt: new Date(clock + 86_400_000),
    machineUuid: uuid,
    status,
  });
  addressCount += 1;
  const address = `203.0.113.${addressCount}`;
  await t.database.db
    .insert(publicAddresses)
    .values({ companyId, address, vmId: vm.id, assignedAt: now() });
  await t.database.db
    .update(virtualMachines)
    .set({ publicAddress: address })
    .where(eq(virtualMachines.id, vm.id));
  return { vmId: vm.id, uuid, customerId: customer.id };
}

const addressOf = async (vmId: number) => {
  const [row] = await t.database.db
    .select({ publicAddress: virtualMachines.publicAddress, status: virtualMachines.status })
    .from(virtualMachines)
    .where(eq(virtualMachines.id, vmId));
  const held = await t.database.db
    .select({ address: publicAddresses.address })
    .from(publicAddresses)
    .where(and(eq(publicAddresses.companyId, companyId), eq(publicAddresses.vmId, vmId)));
  return { ...row!, held: held.map((address) => address.address) };
};

describe('finishing a delete', () => {
  it('deletes the machine and frees its address when the request stopped after its claim', async () => {
    const { vmId, uuid } = await machineWithAddress('shutoff', 'deleted');
    expect(await finishDelete(vmId)).toBe('done');
    passOperation();
    expect(await hypervisor.status(uuid)).toBe('missing');
    expect(await addressOf(vmId)).toEqual({ status: 'deleted', publicAddress: null, held: [] });
    // A repeated job finds nothing left to do.
    expect(await finishDelete(vmId)).toBe('done');
  });

  it('powers a running machine off first, and deletes it on the next run', async () => {
    const { vmId, uuid } = await machineWithAddress('running', 'deleted');
    await expect(finishDelete(vmId)).rejects.toBeInstanceOf(MachineNotSettled);
    expect((await addressOf(vmId)).held).toHaveLength(1);
    passOperation();
    expect(await hypervisor.status(uuid)).toBe('shutoff');
    expect(await finishDelete(vmId)).toBe('done');
    passOperation();
    expect(await hypervisor.status(uuid)).toBe('missing');
    expect((await addressOf(vmId)).held).toEqual([]);
  });

  it('leaves alone a machine whose delete the hypervisor refused (the row was given back)', async () => {
    const { vmId, uuid } = await machineWithAddress('shutoff', 'shutoff');
    expect(await finishDelete(vmId)).toBe('skipped');
    expect(await hypervisor.status(uuid)).toBe('shutoff');
    expect((await addressOf(vmId)).held).toHaveLength(1);
  });
});

describe('deleteVm and its safety net', () => {
  it('writes the finish-delete job with its claim, and the job is then a no-op', async () => {
    const { vmId, uuid, customerId } = await machineWithAddress('shutoff', 'shutoff');
    const jobs = recordingJobQueue();
    const owner = { companyId, customerId };
    await deleteVm({ db: t.database.db, hypervisors: connect, jobs, now }, owner, uuid);
    expect(jobs.sent).toEqual([
      { queue: QUEUES.vmLifecycle, data: { vmId, action: 'finish-delete' } },
    ]);
    passOperation();
    expect(await hypervisor.status(uuid)).toBe('missing');
    expect(await addressOf(vmId)).toEqual({ status: 'deleted', publicAddress: null, held: [] });
    expect(await finishDelete(vmId)).toBe('done');

    // A second delete claims nothing, and writes no job.
    await expect(
      deleteVm({ db: t.database.db, hypervisors: connect, jobs, now }, owner, uuid),
    ).rejects.toMatchObject({ status: 404 });
    expect(jobs.sent).toHaveLength(1);
  });

  it('puts the job in the database with the claim, due minutes later', async () => {
    const queue = await startJobQueue(t.database, () => {});
    try {
      const { vmId, uuid, customerId } = await machineWithAddress('shutoff', 'shutoff');
      const before = Date.now();
      await deleteVm(
        { db: t.database.db, hypervisors: connect, jobs: queue, now },
        { companyId, customerId },
        uuid,
      );
      const result = await t.database.db.execute(
        sql`select data, start_after from pgboss.job
            where name = ${QUEUES.vmLifecycle} and (data->>'vmId')::int = ${vmId}`,
      );
      const jobs = rowsOf<{ data: unknown; start_after: Date | string }>(result);
      expect(jobs.map((job) => job.data)).toEqual([{ vmId, action: 'finish-delete' }]);
      const dueInSeconds = (new Date(jobs[0]!.start_after).getTime() - before) / 1000;
      expect(dueInSeconds).toBeGreaterThan(FINISH_DELETE_AFTER_SECONDS - 30);
      expect(dueInSeconds).toBeLessThan(FINISH_DELETE_AFTER_SECONDS + 30);
    } finally {
      await queue.stop();
    }
  });
});
