import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { publicAddresses, virtualMachines } from '../../../db/schema/virtual-machines';
import { QUEUES } from '../../../jobs/queues';
import type { JobQueue } from '../../../jobs/job-queue';
import { LIFECYCLE_JOB_RETRIES, type VmLifecycleJob } from './vm-expiry';

/*
 * A customer's delete claims the row (status `deleted`) and then asks the hypervisor. Should the
 * process stop between the two, the row would say deleted while the machine still ran up costs
 * at the hypervisor and kept its public address. So the claim writes, in its own transaction, a
 * `finish-delete` job that runs a few minutes later and finishes whatever the request did not. A
 * request that finished leaves it nothing to do; one the hypervisor refused gave the row back,
 * and the job then skips it. The job's hypervisor side is in vm-lifecycle-jobs.ts.
 */

/** Long enough for the request to finish its own delete first (a hypervisor's delete is seconds). */
export const FINISH_DELETE_AFTER_SECONDS = 300;

/** Writes the safety-net job for a delete, in the transaction `tx` that claims the row. */
export function sendFinishDelete(
  jobs: Pick<JobQueue, 'send'>,
  tx: Database,
  vmId: number,
): Promise<void> {
  const job: VmLifecycleJob = { vmId, action: 'finish-delete' };
  return jobs.send(QUEUES.vmLifecycle, job, {
    ...LIFECYCLE_JOB_RETRIES,
    startAfter: FINISH_DELETE_AFTER_SECONDS,
    transaction: tx,
  });
}

/** The machine's public address goes back to the company's pool; the row forgets it. */
export async function releasePublicAddress(
  db: Database,
  vm: { id: number; companyId: number },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(publicAddresses)
      .set({
        vmId: null,
        lanAddress: null,
        hostName: null,
        tcpPorts: null,
        udpPorts: null,
        assignedAt: null,
      })
      .where(and(eq(publicAddresses.companyId, vm.companyId), eq(publicAddresses.vmId, vm.id)));
    await tx
      .update(virtualMachines)
      .set({ publicAddress: null, updatedAt: at })
      .where(eq(virtualMachines.id, vm.id));
  });
}
