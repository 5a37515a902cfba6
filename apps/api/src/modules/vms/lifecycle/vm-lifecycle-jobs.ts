import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import type { HypervisorConnector } from '../../../hypervisors/company-hypervisors';
import { isRefusal, type Hypervisor } from '../../../hypervisors/provider';
import type { VmRow } from '../queries/own-vm';
import { releasePublicAddress } from './vm-deletion';
import type { VmLifecycleJob } from './vm-expiry';

/**
 * The hypervisor's side of the sweep's decisions (ADR 017), one machine a job. The database
 * already says what the machine should be (expired, archived, being restored, deleted); a job
 * makes the hypervisor agree, and throws to be retried (pg-boss, with backoff) while the
 * hypervisor is unreachable or the machine is mid-operation. A job whose machine moved on
 * (renewed, deleted, given back) does nothing, so a late or repeated job is harmless.
 */

type LifecycleJobDeps = { db: Database; connect: HypervisorConnector; now?: () => Date };

type LifecycleOutcome = 'done' | 'skipped';

/** Thrown to have the job run again later (the machine is still busy with an operation). */
export class MachineNotSettled extends Error {
  constructor(state: string) {
    super(`the machine is ${state}; trying again later`);
    this.name = 'MachineNotSettled';
  }
}

/**
 * Whether the row still asks for the job's work. A restore leaves `archived_at` set until the
 * machine runs; the Products tab's state checks may meanwhile have written what the hypervisor
 * reported (busy, shut off, running), so those count as still restoring too.
 */
function isStillDue(vm: VmRow, action: VmLifecycleJob['action']): boolean {
  if (action === 'power-off') return vm.status === 'expired';
  if (action === 'archive') return vm.status === 'archived';
  if (action === 'finish-delete') return vm.status === 'deleted';
  return vm.archivedAt !== null && RESTORING_STATUSES.includes(vm.status);
}

const RESTORING_STATUSES: readonly VmRow['status'][] = ['busy', 'shutoff', 'running'];

export async function runVmLifecycleJob(
  deps: LifecycleJobDeps,
  job: VmLifecycleJob,
): Promise<LifecycleOutcome> {
  const [vm] = await deps.db.select().from(virtualMachines).where(eq(virtualMachines.id, job.vmId));
  if (!vm || !vm.machineUuid || !isStillDue(vm, job.action)) return 'skipped';
  const hypervisor = await deps.connect(vm.serviceType, vm.companyId, vm.driver || undefined);
  const uuid = vm.machineUuid;
  switch (job.action) {
    case 'power-off':
      return powerOff(hypervisor, uuid);
    case 'archive':
      return archive(hypervisor, uuid);
    case 'start-restored':
      return startRestored(deps, hypervisor, vm.id, uuid);
    case 'finish-delete':
      return finishDelete(deps, hypervisor, vm, uuid);
  }
}

/** Pulls the plug (the period is over); a machine already off, gone or archived is done. */
async function powerOff(hypervisor: Hypervisor, uuid: string): Promise<LifecycleOutcome> {
  const state = await hypervisor.status(uuid);
  if (state === 'missing' || state === 'shutoff') return 'done';
  if (state === 'busy' || state === 'provisioning') throw new MachineNotSettled(state);
  try {
    await hypervisor.powerOff(uuid);
  } catch (error) {
    if (isRefusal(error, 'missing') || isRefusal(error, 'archived')) return 'done';
    if (isRefusal(error, 'invalid-state') && (await hypervisor.status(uuid)) === 'shutoff') {
      return 'done';
    }
    throw error;
  }
  return 'done';
}

/**
 * Archiving needs the machine shut off and idle: a running one (its power-off job gave up, or it
 * was started meanwhile) is powered off first and the job comes back once that has finished.
 */
async function archive(hypervisor: Hypervisor, uuid: string): Promise<LifecycleOutcome> {
  const state = await hypervisor.status(uuid);
  if (state === 'missing') return 'done';
  if (state === 'busy' || state === 'provisioning') throw new MachineNotSettled(state);
  try {
    if (state === 'running' || state === 'failed') {
      await hypervisor.powerOff(uuid);
      throw new MachineNotSettled('powering off');
    }
    await hypervisor.archive(uuid);
  } catch (error) {
    // Archived already (a repeated job): nothing left to do.
    if (isRefusal(error, 'archived') || isRefusal(error, 'missing')) return 'done';
    throw error;
  }
  return 'done';
}

/**
 * After `restoreArchivedVm`: waits for the restore to finish, starts the machine, and once it
 * runs marks the row `running`, clearing the old period's stamps (which ends the restore).
 */
async function startRestored(
  deps: LifecycleJobDeps,
  hypervisor: Hypervisor,
  vmId: number,
  uuid: string,
): Promise<LifecycleOutcome> {
  const state = await hypervisor.status(uuid);
  if (state === 'running') {
    const now = (deps.now ?? (() => new Date()))();
    await deps.db
      .update(virtualMachines)
      .set({
        status: 'running',
        expiredAt: null,
        archivedAt: null,
        lastError: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(virtualMachines.id, vmId),
          inArray(virtualMachines.status, [...RESTORING_STATUSES]),
          isNotNull(virtualMachines.archivedAt),
        ),
      );
    return 'done';
  }
  if (state === 'missing') return 'skipped';
  if (state === 'shutoff') {
    try {
      await hypervisor.start(uuid);
    } catch (error) {
      // Still archived or mid-operation: the restore has not settled yet.
      if (!isRefusal(error, 'archived') && !isRefusal(error, 'busy')) throw error;
    }
  }
  throw new MachineNotSettled(state === 'shutoff' ? 'starting' : state);
}

/**
 * After a customer's delete (vm-deletion.ts), for a row still marked deleted: deletes the machine
 * at the hypervisor unless it is gone already (a running one is powered off first), then releases
 * its public address. Each step is safe to repeat, so a request that finished leaves only
 * no-ops.
 */
async function finishDelete(
  deps: LifecycleJobDeps,
  hypervisor: Hypervisor,
  vm: VmRow,
  uuid: string,
): Promise<LifecycleOutcome> {
  const state = await hypervisor.status(uuid);
  if (state === 'busy' || state === 'provisioning') throw new MachineNotSettled(state);
  if (state === 'running') {
    await hypervisor.powerOff(uuid);
    throw new MachineNotSettled('powering off');
  }
  if (state !== 'missing') {
    try {
      await hypervisor.delete(uuid);
    } catch (error) {
      if (!isRefusal(error, 'missing')) throw error;
    }
  }
  await releasePublicAddress(deps.db, vm, (deps.now ?? (() => new Date()))());
  return 'done';
}
