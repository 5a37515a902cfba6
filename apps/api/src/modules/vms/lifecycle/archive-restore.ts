import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import type { HypervisorConnector } from '../../../hypervisors/company-hypervisors';
import { HypervisorRefused, HypervisorUnavailable, isRefusal } from '../../../hypervisors/provider';
import type { JobQueue } from '../../../jobs/job-queue';
import { QUEUES } from '../../../jobs/queues';
import { LIFECYCLE_JOB_RETRIES } from './vm-expiry';
import {
  RESTORE_ARCHIVE_FAILED,
  RESTORE_ARCHIVE_IN_PROGRESS,
  RESTORE_ARCHIVE_NOT_RENEWED,
} from '@cloud-portal/contract/vms/restore-archive-vm';
import { AppError } from '../../../errors';
import { assertNotBlocked, findOwnVm, VM_NOT_FOUND, type VmRow } from '../queries/own-vm';
import type { OwnerScope } from '../../../tenancy/owner-scope';

export type RestoreDeps = {
  db: Database;
  connect: HypervisorConnector;
  jobs: Pick<JobQueue, 'send'>;
  now?: () => Date;
};

type RestoreOutcome =
  /** The hypervisor accepted the restore: the row is `busy` until the machine runs. */
  | 'restoring'
  /** Not archived (any more), or its period has not been renewed: nothing was done. */
  | 'not-restorable';

/** The hypervisor could not restore the machine; the row is archived again, as it was. */
export class RestoreFailed extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the hypervisor did not restore the archived machine', options);
    this.name = 'RestoreFailed';
  }
}

/**
 * Brings an archived machine back once its period is renewed (ADR 017): one conditional UPDATE
 * from `archived` (with an end date still ahead) to `busy` decides, so of two restores at once
 * (the customer's button and the renewal's job) one goes on; the hypervisor then restores the
 * machine and a `vm-lifecycle` job starts it and marks it running. A hypervisor failure puts the
 * row back to `archived` and throws `RestoreFailed` (the caller retries or tells the customer).
 */
export async function restoreArchivedVm(
  deps: RestoreDeps,
  vm: Pick<VmRow, 'id' | 'companyId' | 'serviceType' | 'driver' | 'machineUuid'>,
): Promise<RestoreOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const [claimed] = await deps.db
    .update(virtualMachines)
    // archived_at stays set until the machine runs: it marks a `busy` row as being restored.
    .set({
      status: 'busy',
      archivedAt: sql`coalesce(${virtualMachines.archivedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(virtualMachines.id, vm.id),
        eq(virtualMachines.companyId, vm.companyId),
        eq(virtualMachines.status, 'archived'),
        sql`${virtualMachines.endsAt} > ${now.toISOString()}::timestamptz`,
        sql`${virtualMachines.machineUuid} IS NOT NULL`,
      ),
    )
    .returning({ machineUuid: virtualMachines.machineUuid });
  if (!claimed) return 'not-restorable';
  const uuid = claimed.machineUuid!;
  try {
    const hypervisor = await deps.connect(vm.serviceType, vm.companyId, vm.driver || undefined);
    try {
      await hypervisor.restore({ kind: 'archive', uuid });
    } catch (error) {
      // Not archived at the hypervisor (its archive job never ran, or ran and was undone): the
      // machine only needs starting.
      if (!isRefusal(error, 'invalid-state')) throw error;
    }
    await deps.jobs.send(
      QUEUES.vmLifecycle,
      { vmId: vm.id, action: 'start-restored' },
      {
        ...LIFECYCLE_JOB_RETRIES,
      },
    );
  } catch (error) {
    await deps.db
      .update(virtualMachines)
      .set({
        status: 'archived',
        lastError: `restoring the archive failed: ${reasonOf(error)}`,
        updatedAt: now,
      })
      .where(and(eq(virtualMachines.id, vm.id), eq(virtualMachines.status, 'busy')));
    throw new RestoreFailed({ cause: error });
  }
  return 'restoring';
}

function reasonOf(error: unknown): string {
  if (error instanceof HypervisorRefused) return `refused (${error.reason})`;
  if (error instanceof HypervisorUnavailable) return 'the hypervisor is unavailable';
  return 'unexpected error';
}

/**
 * restoreArchiveVM: the customer's own archived machine (404 otherwise, the same answer as one
 * that does not exist), not blocked (403), renewed (409 while its end date has passed); the
 * hypervisor's failure is the spec's 400.
 */
export async function restoreArchiveVmForCustomer(
  deps: RestoreDeps,
  owner: OwnerScope,
  uuid: string,
): Promise<{ ID: number; status: 'busy' }> {
  const vm = await findOwnVm(deps.db, owner, { uuid });
  if (vm.status !== 'archived') {
    // Restoring: `archived_at` stays set until the machine runs again.
    if (vm.archivedAt !== null && vm.status !== 'expired' && vm.status !== 'deleted') {
      throw new AppError(409, RESTORE_ARCHIVE_IN_PROGRESS);
    }
    throw new AppError(404, VM_NOT_FOUND);
  }
  assertNotBlocked(vm, 'use');
  const now = (deps.now ?? (() => new Date()))();
  if (!vm.endsAt || vm.endsAt.getTime() <= now.getTime()) {
    throw new AppError(409, RESTORE_ARCHIVE_NOT_RENEWED);
  }
  let outcome: RestoreOutcome;
  try {
    outcome = await restoreArchivedVm(deps, vm);
  } catch (error) {
    if (error instanceof RestoreFailed) throw new AppError(400, RESTORE_ARCHIVE_FAILED);
    throw error;
  }
  // Lost the race to another restore (or a renewal's job) a moment ago.
  if (outcome === 'not-restorable') throw new AppError(409, RESTORE_ARCHIVE_IN_PROGRESS);
  return { ID: vm.id, status: 'busy' };
}
