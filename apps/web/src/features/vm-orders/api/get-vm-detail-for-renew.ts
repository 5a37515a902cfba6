import { useQuery } from '@tanstack/react-query';
import type { TGetVmDetailForRenewResponse } from '@cloud-portal/contract/vms/renew-vm';
import { apiPost } from '@/lib/api-client';

const renewDetailQueryKey = (vmId: number) => ['vmOrders', 'renew', vmId] as const;

/**
 * POST /api/virtualMachine/getVMDetailForRenew: the machine, its periods and the server's bill
 * for each. 404 for a machine that is not the customer's, 403 for a blocked one.
 */
export function getVmDetailForRenew(
  vmId: number,
  signal?: AbortSignal,
): Promise<TGetVmDetailForRenewResponse> {
  return apiPost<TGetVmDetailForRenewResponse>(
    'virtualMachine/getVMDetailForRenew',
    { productID: vmId },
    { signal, authenticated: true },
  );
}

export function useVmDetailForRenew(vmId: number | null) {
  return useQuery({
    queryKey: renewDetailQueryKey(vmId ?? 0),
    queryFn: ({ signal }) => getVmDetailForRenew(vmId!, signal),
    enabled: vmId !== null,
  });
}
