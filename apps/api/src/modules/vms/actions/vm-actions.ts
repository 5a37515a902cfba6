import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import {
  vmActionMessages,
  type PowerAction,
  type TAddAliasNameResponse,
  type TViewVmResponse,
  type VmLiveState,
} from '@cloud-portal/contract/vms/vm-actions';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { AppError } from '../../../errors';
import type { HypervisorConnector } from '../../../hypervisors/company-hypervisors';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  type Hypervisor,
  type MachineState,
  type RefusalReason,
} from '../../../hypervisors/provider';
import { UnknownHypervisorDriver } from '../../../hypervisors/registry';
import type { JobQueue } from '../../../jobs/job-queue';
import { findOwnUsableVm, findOwnVm, type VmRow } from '../queries/own-vm';
import { releasePublicAddress, sendFinishDelete } from '../lifecycle/vm-deletion';
import type { OwnerScope } from '../../../tenancy/owner-scope';

type VmActionDeps = {
  db: Database;
  hypervisors: HypervisorConnector;
  now?: () => Date;
};

/** A delete also writes its safety-net job (vm-deletion.ts) with its claim. */
type DeleteVmDeps = VmActionDeps & { jobs: Pick<JobQueue, 'send'> };

/** The states the hypervisor reports that the portal copies into `virtual_machines.status`. */
const OBSERVED_STATES = ['running', 'shutoff', 'busy'] as const;
type ObservedState = (typeof OBSERVED_STATES)[number];
const isObserved = (state: MachineState): state is ObservedState =>
  (OBSERVED_STATES as readonly string[]).includes(state);

/** What a refusal means to the customer, by action where the words differ. */
function refusalMessage(reason: RefusalReason, action: PowerAction | 'view' | 'delete'): string {
  switch (reason) {
    case 'busy':
      return vmActionMessages.busy;
    case 'not-shut-off':
      return vmActionMessages.mustBeShutOff;
    case 'invalid-state':
      if (action === 'startVM') return vmActionMessages.alreadyRunning;
      if (action === 'shutdownVM' || action === 'powerOffVM') {
        return vmActionMessages.alreadyShutOff;
      }
      if (action === 'rebootVM') return vmActionMessages.rebootNeedsRunning;
      return vmActionMessages.invalidState;
    case 'archived':
      return vmActionMessages.archived;
    case 'missing':
      return vmActionMessages.missingAtHypervisor;
    case 'rejected':
      return vmActionMessages.rejected;
    case 'disk-limit':
    case 'disk-shrink':
    case 'invalid-request':
      return vmActionMessages.invalidRequest;
  }
}

/** Vendor errors never leave: a refusal is 409 with our words, an unreachable hypervisor 503. */
function toAppError(error: unknown, action: PowerAction | 'view' | 'delete'): unknown {
  if (error instanceof HypervisorRefused) {
    return new AppError(409, refusalMessage(error.reason, action));
  }
  if (error instanceof HypervisorUnavailable || error instanceof UnknownHypervisorDriver) {
    return new AppError(503, vmActionMessages.hypervisorUnavailable);
  }
  return error;
}

async function connect(deps: VmActionDeps, vm: VmRow): Promise<Hypervisor> {
  try {
    return await deps.hypervisors(vm.serviceType, vm.companyId, vm.driver || undefined);
  } catch (error) {
    throw toAppError(error, 'view');
  }
}

/** The machine's UUID; a row without one has no machine yet (it is still being created). */
function uuidOf(vm: VmRow): string {
  if (!vm.machineUuid) throw new AppError(409, vmActionMessages.stillProvisioning);
  return vm.machineUuid;
}

/**
 * Copies what the hypervisor reports into the row, in one conditional statement: only a row
 * whose own state is one the hypervisor decides (running, shut off, busy) takes it, never one the
 * portal's lifecycle set (provisioning, failed, expired, archived, deleted).
 */
async function recordObservedState(
  deps: VmActionDeps,
  vm: VmRow,
  state: MachineState,
): Promise<void> {
  if (!isObserved(state)) return;
  await deps.db
    .update(virtualMachines)
    .set({ status: state, updatedAt: (deps.now ?? (() => new Date()))() })
    .where(
      and(
        eq(virtualMachines.id, vm.id),
        inArray(virtualMachines.status, [...OBSERVED_STATES]),
        ne(virtualMachines.status, state),
      ),
    );
}

/** The portal's own lifecycle states answer for themselves; the others come from the hypervisor. */
function lifecycleState(vm: VmRow): VmLiveState | null {
  if (vm.status === 'expired' || vm.status === 'archived' || vm.status === 'failed') {
    return vm.status;
  }
  if (vm.status === 'provisioning' && !vm.machineUuid) return 'provisioning';
  return null;
}

async function observeState(
  deps: VmActionDeps,
  vm: VmRow,
  hypervisor: Hypervisor,
): Promise<VmLiveState> {
  const own = lifecycleState(vm);
  if (own) return own;
  let state: MachineState;
  try {
    state = await hypervisor.status(uuidOf(vm));
  } catch (error) {
    throw toAppError(error, 'view');
  }
  await recordObservedState(deps, vm, state);
  return state;
}

/** POST vmAction/getVMStatus: the machine's live state, written back to its row. */
export async function getVmStatus(
  deps: VmActionDeps,
  owner: OwnerScope,
  uuid: string,
): Promise<VmLiveState> {
  const vm = await findOwnVm(deps.db, owner, { uuid });
  const own = lifecycleState(vm);
  if (own) return own;
  return observeState(deps, vm, await connect(deps, vm));
}

/** Refuses, with words for the customer, a machine whose lifecycle leaves it nothing to use. */
function assertUsable(vm: VmRow, action: PowerAction | 'view'): void {
  if (vm.status === 'provisioning') throw new AppError(409, vmActionMessages.stillProvisioning);
  if (vm.status === 'failed') throw new AppError(409, vmActionMessages.provisioningFailed);
  if (vm.status === 'archived') throw new AppError(409, vmActionMessages.archived);
  if (vm.status === 'expired' && (action === 'view' || action === 'startVM')) {
    throw new AppError(
      409,
      action === 'view' ? vmActionMessages.expiredView : vmActionMessages.expiredStart,
    );
  }
}

/**
 * POST vmAction/viewVM: the access details with a fresh one-time password. The password goes to
 * the customer only: the hypervisor keeps its hash, the portal neither stores nor logs it.
 */
export async function viewVm(
  deps: VmActionDeps,
  owner: OwnerScope,
  request: { uuid: string; id?: number; portalUrl: string },
): Promise<TViewVmResponse> {
  const vm = await findOwnUsableVm(deps.db, owner, { uuid: request.uuid }, 'use');
  if (request.id !== undefined && request.id !== vm.id) {
    throw new AppError(404, vmActionMessages.notFound);
  }
  assertUsable(vm, 'view');
  const hypervisor = await connect(deps, vm);
  const uuid = uuidOf(vm);
  let access;
  try {
    access = await hypervisor.accessDetails(uuid);
  } catch (error) {
    throw toAppError(error, 'view');
  }
  const state = await observeState(deps, vm, hypervisor);
  const consoleUrl = new URL(access.consoleUrl, request.portalUrl).toString();
  return {
    user: access.user,
    password: access.password,
    provider: vm.serviceType,
    apiUrl: null,
    systemUrl: consoleUrl,
    consoleUrl,
    cloudServiceUrl: null,
    privateAddress: access.privateAddress ?? vm.privateAddress,
    state,
  };
}

const POWER_OPERATIONS: Record<
  PowerAction,
  (hypervisor: Hypervisor, uuid: string) => Promise<void>
> = {
  startVM: (hypervisor, uuid) => hypervisor.start(uuid),
  shutdownVM: (hypervisor, uuid) => hypervisor.shutdown(uuid),
  powerOffVM: (hypervisor, uuid) => hypervisor.powerOff(uuid),
  rebootVM: (hypervisor, uuid) => hypervisor.reboot(uuid),
};

export const POWER_MESSAGES: Record<PowerAction, string> = {
  startVM: vmActionMessages.starting,
  shutdownVM: vmActionMessages.shuttingDown,
  powerOffVM: vmActionMessages.poweringOff,
  rebootVM: vmActionMessages.rebooting,
};

/**
 * POST vmAction/{startVM,shutdownVM,powerOffVM,rebootVM}. The hypervisor decides, in one
 * conditional step of its own, whether the machine may change now: of two calls at once one is
 * accepted and the other refused as busy. Answers `busy`: the change is under way.
 */
export async function powerVm(
  deps: VmActionDeps,
  owner: OwnerScope,
  uuid: string,
  action: PowerAction,
): Promise<VmLiveState> {
  const vm = await findOwnUsableVm(deps.db, owner, { uuid }, 'use');
  assertUsable(vm, action);
  const hypervisor = await connect(deps, vm);
  try {
    await POWER_OPERATIONS[action](hypervisor, uuidOf(vm));
  } catch (error) {
    throw toAppError(error, action);
  }
  await recordObservedState(deps, vm, 'busy');
  return 'busy';
}

/** States of the machine at the hypervisor in which it may be deleted. */
const DELETABLE_STATES: readonly MachineState[] = ['shutoff', 'failed', 'missing'];

/**
 * POST vmAction/deleteVirtualMachine: only a shut-off machine (vm-lifecycle.md §4, §8). The row
 * is claimed first, by one conditional UPDATE, so of two deletes at once one proceeds and the
 * other finds nothing (404); the claim writes a job that finishes the delete later should this
 * process stop midway (vm-deletion.ts). The hypervisor deletes next; its public address is freed
 * last, once the machine is really going. A hypervisor that refuses gives the row back as it was.
 * Archived, expired and blocked machines may be deleted too.
 */
export async function deleteVm(deps: DeleteVmDeps, owner: OwnerScope, uuid: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const vm = await findOwnVm(deps.db, owner, { uuid });
  if (vm.status === 'provisioning') throw new AppError(400, vmActionMessages.mustBeShutOff);
  const machineUuid = uuidOf(vm);
  const hypervisor = await connect(deps, vm);
  let state: MachineState;
  try {
    state = await hypervisor.status(machineUuid);
  } catch (error) {
    throw toAppError(error, 'delete');
  }
  if (!DELETABLE_STATES.includes(state)) {
    // A delete that won meanwhile leaves its machine busy: this one then finds nothing (404).
    await findOwnVm(deps.db, owner, { uuid });
    throw new AppError(400, vmActionMessages.mustBeShutOff);
  }

  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(virtualMachines)
      .set({ status: 'deleted', updatedAt: now() })
      .where(
        and(
          eq(virtualMachines.id, vm.id),
          eq(virtualMachines.companyId, owner.companyId),
          eq(virtualMachines.customerId, owner.customerId),
          notInArray(virtualMachines.status, ['deleted', 'provisioning']),
        ),
      )
      .returning({ id: virtualMachines.id });
    if (rows.length > 0) await sendFinishDelete(deps.jobs, tx, vm.id);
    return rows.length > 0;
  });
  if (!claimed) throw new AppError(404, vmActionMessages.notFound);

  try {
    await hypervisor.delete(machineUuid);
  } catch (error) {
    if (!(error instanceof HypervisorRefused && error.reason === 'missing')) {
      await deps.db
        .update(virtualMachines)
        .set({ status: vm.status, updatedAt: now() })
        .where(and(eq(virtualMachines.id, vm.id), eq(virtualMachines.status, 'deleted')));
      if (
        error instanceof HypervisorRefused &&
        (error.reason === 'not-shut-off' || error.reason === 'invalid-state')
      ) {
        throw new AppError(400, vmActionMessages.mustBeShutOff);
      }
      throw toAppError(error, 'delete');
    }
  }

  await releasePublicAddress(deps.db, vm, now());
}

/** POST virtualMachine/addAliasName: one statement, scoped to the owner, deleted machines excluded. */
export async function addAliasName(
  deps: Pick<VmActionDeps, 'db' | 'now'>,
  owner: OwnerScope,
  request: { id: number; aliasName: string },
): Promise<TAddAliasNameResponse> {
  const now = deps.now ?? (() => new Date());
  const [updated] = await deps.db
    .update(virtualMachines)
    .set({ aliasName: request.aliasName, updatedAt: now() })
    .where(
      and(
        eq(virtualMachines.id, request.id),
        eq(virtualMachines.companyId, owner.companyId),
        eq(virtualMachines.customerId, owner.customerId),
        ne(virtualMachines.status, 'deleted'),
      ),
    )
    .returning({ aliasName: virtualMachines.aliasName });
  if (!updated) throw new AppError(404, vmActionMessages.notFound);
  return { msg: vmActionMessages.aliasSaved, aliasName: updated.aliasName ?? request.aliasName };
}
