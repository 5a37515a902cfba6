import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { AppError } from '../../../errors';
import type { OwnerScope } from '../../../tenancy/owner-scope';

export type VmRow = typeof virtualMachines.$inferSelect;

/** What a blocked machine refuses (vm-lifecycle.md §8 "Blocked VM tooltips"). */
export type BlockedAction = 'use' | 'update' | 'clone' | 'renew';

export const VM_NOT_FOUND = 'Virtual machine not found.';

export const blockedMessage = (action: BlockedAction) =>
  `This VM is blocked by admin, so you are not able to ${action} the VM.`;

/**
 * The signed-in customer's machine, by its id (the spec's productID on VM screens) or by its
 * hypervisor UUID (virDomainUUID), deleted ones excluded. Another customer's or company's machine
 * is 404, the same answer as one that does not exist, so ids cannot be probed.
 */
export async function findOwnVm(
  db: Database,
  owner: OwnerScope,
  key: { id: number } | { uuid: string },
): Promise<VmRow> {
  const [vm] = await db
    .select()
    .from(virtualMachines)
    .where(
      and(
        eq(virtualMachines.companyId, owner.companyId),
        eq(virtualMachines.customerId, owner.customerId),
        'id' in key ? eq(virtualMachines.id, key.id) : eq(virtualMachines.machineUuid, key.uuid),
        ne(virtualMachines.status, 'deleted'),
      ),
    )
    .limit(1);
  if (!vm) throw new AppError(404, VM_NOT_FOUND);
  return vm;
}

/** Refuses (403, with the browser's tooltip text) what the provider blocked. */
export function assertNotBlocked(vm: Pick<VmRow, 'isBlocked'>, action: BlockedAction): void {
  if (vm.isBlocked) throw new AppError(403, blockedMessage(action));
}

/** `findOwnVm` and `assertNotBlocked` together: the usual start of a VM action. */
export async function findOwnUsableVm(
  db: Database,
  owner: OwnerScope,
  key: { id: number } | { uuid: string },
  action: BlockedAction,
): Promise<VmRow> {
  const vm = await findOwnVm(db, owner, key);
  assertNotBlocked(vm, action);
  return vm;
}
