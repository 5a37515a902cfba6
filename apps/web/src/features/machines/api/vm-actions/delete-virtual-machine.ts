import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeleteVmRequest } from '@cloud-portal/contract/vms/vm-actions';
import { apiPostForMessage } from '@/lib/api-client';
import { ACTIVE_VMS_QUERY_KEY } from '../active-vms';

/** POST /api/vmAction/deleteVirtualMachine: answers the server's message. */
export function deleteVirtualMachine(body: TDeleteVmRequest): Promise<string> {
  return apiPostForMessage('vmAction/deleteVirtualMachine', body, { authenticated: true });
}

export function useDeleteVirtualMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVirtualMachine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVE_VMS_QUERY_KEY }),
  });
}
