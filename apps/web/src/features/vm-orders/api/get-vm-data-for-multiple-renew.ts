import { useQuery } from '@tanstack/react-query';
import type { TGetVmDataForMultipleRenewResponse } from '@cloud-portal/contract/vms/renew-vm';
import { apiPost } from '@/lib/api-client';

const multiRenewQueryKey = (vmIds: readonly number[]) =>
  ['vmOrders', 'multiRenew', vmIds.join(',')] as const;

/**
 * POST /api/virtualMachine/getVMDataForMultipleRenew: the selected machines, each renewed for its
 * own period, and the server's bill for all of them.
 */
export function getVmDataForMultipleRenew(
  vmIds: readonly number[],
  signal?: AbortSignal,
): Promise<TGetVmDataForMultipleRenewResponse> {
  return apiPost<TGetVmDataForMultipleRenewResponse>(
    'virtualMachine/getVMDataForMultipleRenew',
    { renewVMData: vmIds },
    { signal, authenticated: true },
  );
}

export function useVmDataForMultipleRenew(vmIds: readonly number[] | null) {
  return useQuery({
    queryKey: multiRenewQueryKey(vmIds ?? []),
    queryFn: ({ signal }) => getVmDataForMultipleRenew(vmIds!, signal),
    enabled: vmIds !== null,
  });
}
