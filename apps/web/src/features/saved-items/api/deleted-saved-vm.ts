import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeletedSavedVmRequest } from '@cloud-portal/contract/saved-items/saved-vm';
import { apiPostForMessage } from '@/lib/api-client';
import { SAVED_ITEMS_QUERY_KEY } from '@/lib/saved-items-query-key';

/**
 * POST /api/virtualMachine/deletedSavedVM: 'Saved product deleted'; 404 'This saved product does
 * not exist' (already deleted, say in another tab).
 */
export function deletedSavedVm(savedProductID: number): Promise<string> {
  const body: TDeletedSavedVmRequest = { savedProductID };
  return apiPostForMessage('virtualMachine/deletedSavedVM', body, { authenticated: true });
}

export function useDeletedSavedVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletedSavedVm,
    // A 404 means it is gone already: the list is stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_ITEMS_QUERY_KEY }),
  });
}
