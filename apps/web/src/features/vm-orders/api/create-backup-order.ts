import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type { BackupKind } from '@cloud-portal/contract/vms/backup-pricing';
import type { TCreateCloneOrderRequest } from '@cloud-portal/contract/vms/clone-vm';
import { apiPost } from '@/lib/api-client';

const ORDER_PATHS: Record<BackupKind, string> = {
  Clone: 'virtualMachine/createOrderForcloneVM',
  Snapshot: 'virtualMachine/createOrderForSnapshotVM',
};

/**
 * POST /api/virtualMachine/createOrderForcloneVM or createOrderForSnapshotVM (by the chosen
 * type): a clone or snapshot order (comes-from 2) at the server's price; 409 with data.quote when
 * the total is not the server's, 400 with the screen's messages, 403 blocked, 404 not theirs.
 */
export function createBackupOrder(request: TCreateCloneOrderRequest): Promise<TOrderResponse> {
  return apiPost<TOrderResponse>(ORDER_PATHS[request.cloneOptionType], request, {
    authenticated: true,
  });
}
