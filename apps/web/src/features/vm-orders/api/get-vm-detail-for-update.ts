import { useQuery } from '@tanstack/react-query';
import type { TUpdateVmDetailResponse } from '@cloud-portal/contract/vms/update-vm';
import { apiPost } from '@/lib/api-client';

const updateDetailQueryKey = (vmId: number) => ['vmOrders', 'update', vmId] as const;

/**
 * POST /api/virtualMachine/getVMDetailForUpdateVM: the machine, its sliders, the days it has
 * left and whether a disk may still be added. 404 not the customer's, 403 blocked.
 */
export function getVmDetailForUpdate(
  vmId: number,
  signal?: AbortSignal,
): Promise<TUpdateVmDetailResponse> {
  return apiPost<TUpdateVmDetailResponse>(
    'virtualMachine/getVMDetailForUpdateVM',
    { productID: vmId },
    { signal, authenticated: true },
  );
}

export function useVmDetailForUpdate(vmId: number | null) {
  return useQuery({
    queryKey: updateDetailQueryKey(vmId ?? 0),
    queryFn: ({ signal }) => getVmDetailForUpdate(vmId!, signal),
    enabled: vmId !== null,
  });
}
