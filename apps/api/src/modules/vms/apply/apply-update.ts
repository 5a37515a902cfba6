import { and, eq, ne } from 'drizzle-orm';
import { MAX_ADDED_DISKS } from '@cloud-portal/contract/vms/update-pricing';
import { vmRequests } from '../../../db/schema/orders';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  type Hypervisor,
  type MachineDetails,
  type MachineResize,
  type RefusalReason,
} from '../../../hypervisors/provider';
import {
  completeOrder,
  failOrder,
  finishedOutcome,
  handleApplyError,
  loadApplyContext,
  pastDeadline,
  type ApplyContext,
} from './apply-context';
import type { ApplyDeps, ApplyOutcome, PaidOrder } from './paid-order-handler';

/**
 * The stage an update's run leaves in its `vm_requests.status`, so the next run knows what it
 * already asked of the hypervisor:
 * - `power-cycling`: this job shut the machine down (with the customer's consent) and starts it
 *   again once the new sizes are in;
 * - `adding-disk:N:<ms>`: the machine had N added disks when this job asked for one more (at
 *   that time), so a later run tells "added" (more than N) from "not yet asked" without adding
 *   twice.
 */
export const POWER_CYCLING = 'power-cycling';
const ADDING_DISK = /^adding-disk:(\d+):(\d+)$/;
/** After this long a recorded disk request is taken to be a dead run's and asked again. */
export const ADD_DISK_LEASE_MS = 10 * 60_000;
const INITIAL = 'awaiting-provisioning';

const POLL_SECONDS = 5;
/** Without consent, a running machine is looked at again this often until it is shut off. */
const SHUT_OFF_WAIT_SECONDS = 300;

type Target = { ramGb: number; vcpus: number; diskGb: number };

function targetOf(context: ApplyContext): Target {
  const count = (name: 'Memory' | 'Disk' | 'Processor', current: number) =>
    context.order.lines.find((line) => line.name === name)?.count ?? current;
  return {
    ramGb: count('Memory', context.vm.ramGb),
    vcpus: count('Processor', context.vm.vcpus),
    diskGb: count('Disk', context.vm.diskGb),
  };
}

/** Moves the request from one stage to the next in one conditional statement. */
async function advance(deps: ApplyDeps, context: ApplyContext, from: string, to: string) {
  const moved = await deps.db
    .update(vmRequests)
    .set({ status: to })
    .where(and(eq(vmRequests.orderId, context.order.id), eq(vmRequests.status, from)))
    .returning({ id: vmRequests.id });
  return moved.length > 0;
}

/** Runs a power operation; a refusal for one of `reasons` means another run got there first. */
async function tolerating(reasons: RefusalReason[], operation: () => Promise<void>) {
  try {
    await operation();
  } catch (error) {
    if (!(error instanceof HypervisorRefused && reasons.includes(error.reason))) throw error;
  }
}

const isBusy = (details: MachineDetails) =>
  details.state === 'busy' || details.state === 'provisioning';

/** A machine busy with something else is looked at again, until the deadline gives the order up. */
async function waitWhileBusy(
  deps: ApplyDeps,
  context: ApplyContext,
  now: Date,
): Promise<ApplyOutcome> {
  if (pastDeadline(context, now))
    return failOrder(deps, context, 'Update', 'the machine stayed busy');
  return { status: 'waiting', retryInSeconds: POLL_SECONDS };
}

/**
 * RAM, vCPUs and disk to the ordered sizes. RAM and vCPUs change only while the machine is shut
 * off: with the customer's consent (`allowsPowerCycle`) the job shuts it down, resizes and starts
 * it again; without it the job waits for the customer to shut it off (ADR 019), until the
 * machine's period ends. The hypervisor's own sizes say whether the resize is done, so a run
 * after a crash neither resizes twice nor loses the restart.
 */
async function applyResize(
  deps: ApplyDeps,
  context: ApplyContext,
  hypervisor: Hypervisor,
  uuid: string,
  now: Date,
): Promise<ApplyOutcome> {
  const target = targetOf(context);
  const details = await hypervisor.details(uuid);
  if (isBusy(details)) return waitWhileBusy(deps, context, now);
  const ramOrCpu = details.ramGb !== target.ramGb || details.vcpus !== target.vcpus;
  const diskShort = details.diskGb < target.diskGb;
  if (ramOrCpu || diskShort) {
    if (ramOrCpu && details.state === 'running') {
      if (!context.order.details?.allowsPowerCycle) {
        if (context.vm.endsAt && context.vm.endsAt <= now) {
          return failOrder(
            deps,
            context,
            'Update',
            'the machine was not shut off before its end date',
          );
        }
        return { status: 'waiting', retryInSeconds: SHUT_OFF_WAIT_SECONDS };
      }
      await advance(deps, context, INITIAL, POWER_CYCLING);
      await tolerating(['invalid-state', 'busy'], () => hypervisor.shutdown(uuid));
      return { status: 'waiting', retryInSeconds: POLL_SECONDS };
    }
    if (details.state !== 'running' && details.state !== 'shutoff') {
      return failOrder(deps, context, 'Update', `the machine is ${details.state}`);
    }
    const resize: MachineResize = {};
    if (details.ramGb !== target.ramGb) resize.ramGb = target.ramGb;
    if (details.vcpus !== target.vcpus) resize.vcpus = target.vcpus;
    if (diskShort) resize.diskGb = target.diskGb;
    await hypervisor.resize(uuid, resize);
    return { status: 'waiting', retryInSeconds: POLL_SECONDS };
  }
  if (context.requestStatus === POWER_CYCLING && details.state === 'shutoff') {
    // Another run may have started it already: that is what was wanted.
    await tolerating(['invalid-state'], () => hypervisor.start(uuid));
  }
  await completeOrder(deps, context, 'Update', async (tx, at) => {
    await tx
      .update(virtualMachines)
      .set({ ramGb: target.ramGb, vcpus: target.vcpus, diskGb: target.diskGb, updatedAt: at })
      .where(and(eq(virtualMachines.id, context.vm.id), ne(virtualMachines.status, 'deleted')));
  });
  return { status: 'running' };
}

/**
 * One more disk of the ordered size (at most two, §9). Before asking, a run records in one
 * conditional statement how many added disks the machine had and when it asked
 * (`adding-disk:N:<ms>`): of several runs one asks; a later run sees whether the count went past
 * N (done). A refusal or an unreachable hypervisor takes the record back (nothing was added); a
 * run that died after recording is taken over once ADD_DISK_LEASE_MS has passed.
 */
async function applyAddDisk(
  deps: ApplyDeps,
  context: ApplyContext,
  hypervisor: Hypervisor,
  uuid: string,
  now: Date,
): Promise<ApplyOutcome> {
  const size = context.order.lines.find((line) => line.name === 'Disk')?.count ?? 0;
  const details = await hypervisor.details(uuid);
  const status = context.requestStatus ?? INITIAL;
  const marker = ADDING_DISK.exec(status);
  const before = marker ? Number(marker[1]) : details.addedDisksGb.length;
  if (marker && details.addedDisksGb.length > before) {
    await completeOrder(deps, context, 'Update', async () => {});
    return { status: 'running' };
  }
  if (isBusy(details)) return waitWhileBusy(deps, context, now);
  if (details.state !== 'running' && details.state !== 'shutoff') {
    return failOrder(deps, context, 'Update', `the machine is ${details.state}`);
  }
  if (before >= MAX_ADDED_DISKS) {
    return failOrder(deps, context, 'Update', 'the machine already has two added disks');
  }
  if (marker && now.getTime() - Number(marker[2]) < ADD_DISK_LEASE_MS) {
    return { status: 'waiting', retryInSeconds: POLL_SECONDS };
  }
  const asking = `adding-disk:${before}:${now.getTime()}`;
  if (!(await advance(deps, context, status, asking))) {
    // Another run moved the request meanwhile: look again with what it recorded.
    return { status: 'waiting', retryInSeconds: 1 };
  }
  try {
    await hypervisor.addDisk(uuid, size);
  } catch (error) {
    if (error instanceof HypervisorRefused || error instanceof HypervisorUnavailable) {
      await advance(deps, context, asking, status);
    }
    throw error;
  }
  return { status: 'waiting', retryInSeconds: POLL_SECONDS };
}

/**
 * The `vm-request` job of a paid update (kind 4): resize, or add a disk, at the hypervisor, then
 * the machine's row and the order's `applied_at` in one transaction whose conditional claim has
 * one winner (the one that tells the customer). A machine busy with something else is waited for
 * ('waiting'); one that is gone, or a refusal the hypervisor will repeat, gives the order up.
 */
export async function applyUpdateOrder(deps: ApplyDeps, paid: PaidOrder): Promise<ApplyOutcome> {
  const now = (deps.now ?? (() => new Date()))();
  const context = await loadApplyContext(deps.db, paid);
  if (!context) return { status: 'ignored' };
  const finished = finishedOutcome(context);
  if (finished) return finished;
  const { vm } = context;
  if (!vm.machineUuid || !['running', 'shutoff', 'busy'].includes(vm.status)) {
    return failOrder(deps, context, 'Update', `the machine is ${vm.status}`);
  }
  try {
    const hypervisor = await deps.connect(vm.serviceType, vm.companyId, vm.driver || undefined);
    return context.order.details?.updateType === 'Disk'
      ? await applyAddDisk(deps, context, hypervisor, vm.machineUuid, now)
      : await applyResize(deps, context, hypervisor, vm.machineUuid, now);
  } catch (error) {
    if (error instanceof HypervisorRefused && error.reason === 'not-shut-off') {
      // The machine was started between our look and the resize: look again.
      return { status: 'waiting', retryInSeconds: POLL_SECONDS };
    }
    return handleApplyError(deps, context, 'Update', error);
  }
}
