import { useQuery } from '@tanstack/react-query';
import type { TShowSavedVmResponse } from '@cloud-portal/contract/saved-items/saved-vm';
import { apiGet } from '@/lib/api-client';
import { SAVED_ITEMS_QUERY_KEY } from '@/lib/saved-items-query-key';

/** GET /api/virtualMachine/showSavedVM: the customer's saved products, newest first. */
export function showSavedVm(signal?: AbortSignal): Promise<TShowSavedVmResponse> {
  return apiGet<TShowSavedVmResponse>('virtualMachine/showSavedVM', {
    signal,
    authenticated: true,
  });
}

export function useSavedVms() {
  return useQuery({
    queryKey: SAVED_ITEMS_QUERY_KEY,
    queryFn: ({ signal }) => showSavedVm(signal),
  });
}
