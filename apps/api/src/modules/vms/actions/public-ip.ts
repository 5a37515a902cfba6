import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  lanIpOfOtherMachine,
  PUBLIC_IP_STATUSES,
  publicIpMessages,
  type TAssignPublicIpInput,
  type TAssignPublicIpResponse,
} from '@cloud-portal/contract/vms/assign-public-ip';
import type { Database } from '../../../db/client';
import { companies } from '../../../db/schema/company';
import { publicAddresses, virtualMachines } from '../../../db/schema/virtual-machines';
import { AppError } from '../../../errors';
import { validationError } from '../../../http/field-errors';
import { assertNotBlocked, VM_NOT_FOUND } from '../queries/own-vm';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/**
 * `allowIP/assignPublicIP`: gives the customer's VM a public address from its company's pool and
 * forwards the asked ports to its LAN address; a VM that already has one keeps it and only its
 * forwarding changes.
 *
 * One transaction decides: the VM's row is locked first (so one machine assigning twice at once
 * gets one address, and a delete waits or wins), then a free address is taken with
 * `FOR UPDATE SKIP LOCKED` (so machines assigning at once each get a different one, and an empty
 * pool answers at once instead of waiting) and written to both rows. The blocked flag, the state
 * and the company's network-script flag are read under that lock, never from an earlier read.
 */
export async function assignPublicIp(
  db: Database,
  owner: OwnerScope,
  input: TAssignPublicIpInput,
): Promise<TAssignPublicIpResponse> {
  return db.transaction(async (tx) => {
    const [vm] = await tx
      .select({
        id: virtualMachines.id,
        status: virtualMachines.status,
        isBlocked: virtualMachines.isBlocked,
        privateAddress: virtualMachines.privateAddress,
        publicAddress: virtualMachines.publicAddress,
        isNetworkScriptRunning: companies.networkScriptRunning,
      })
      .from(virtualMachines)
      .innerJoin(companies, eq(companies.id, virtualMachines.companyId))
      .where(
        and(
          eq(virtualMachines.id, input.productID),
          eq(virtualMachines.companyId, owner.companyId),
          eq(virtualMachines.customerId, owner.customerId),
          ne(virtualMachines.status, 'deleted'),
        ),
      )
      .for('update', { of: virtualMachines });
    if (!vm) throw new AppError(404, VM_NOT_FOUND);
    assertNotBlocked(vm, 'use');
    if (!(PUBLIC_IP_STATUSES as readonly string[]).includes(vm.status))
      throw new AppError(409, publicIpMessages.vmNotReady);
    // Forwarding to another address would open someone else's machine to the internet.
    if (vm.privateAddress !== null && input.lanIP !== vm.privateAddress) {
      throw validationError([{ field: 'lanIP', message: lanIpOfOtherMachine(vm.privateAddress) }]);
    }

    const forwarding = {
      lanAddress: input.lanIP,
      hostName: input.hostName,
      tcpPorts: input.tcpPort,
      udpPorts: input.udpPort,
    };
    const answer = (address: string, isNewAddress: boolean): TAssignPublicIpResponse => ({
      productID: vm.id,
      ciscoMerakiIP: address,
      lanIP: input.lanIP,
      hostName: input.hostName,
      tcpPort: input.tcpPort,
      udpPort: input.udpPort,
      isNewAddress,
    });

    if (vm.publicAddress !== null) {
      const [kept] = await tx
        .update(publicAddresses)
        .set(forwarding)
        .where(and(eq(publicAddresses.companyId, owner.companyId), eq(publicAddresses.vmId, vm.id)))
        .returning({ address: publicAddresses.address });
      if (kept) return answer(kept.address, false);
      // The address left the pool (the provider removed it): the VM takes a new one below.
    }

    // §8: only a VM without an address is refused while the company's network script runs.
    if (vm.isNetworkScriptRunning) throw new AppError(409, publicIpMessages.maintenance);

    const free = tx
      .select({ id: publicAddresses.id })
      .from(publicAddresses)
      .where(and(eq(publicAddresses.companyId, owner.companyId), isNull(publicAddresses.vmId)))
      .orderBy(asc(publicAddresses.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [taken] = await tx
      .update(publicAddresses)
      .set({ vmId: vm.id, ...forwarding, assignedAt: sql`now()` })
      .where(and(eq(publicAddresses.id, sql`(${free})`), isNull(publicAddresses.vmId)))
      .returning({ address: publicAddresses.address });
    if (!taken) throw new AppError(409, publicIpMessages.poolEmpty);

    await tx
      .update(virtualMachines)
      .set({ publicAddress: taken.address, updatedAt: sql`now()` })
      .where(eq(virtualMachines.id, vm.id));
    return answer(taken.address, true);
  });
}
