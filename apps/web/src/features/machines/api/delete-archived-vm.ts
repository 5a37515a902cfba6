import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForMessage } from '@/lib/api-client';
import { ARCHIVED_VMS_QUERY_KEY } from './archived-vms';
import { RENEWAL_VMS_QUERY_KEY } from './renewal-vms';

type DeleteArchivedVmRequest = { provider: string; virDomainUUID: string };

/** POST /api/vmAction/deleteVirtualMachine for an archived VM: answers the server's message. */
export function deleteArchivedVm(body: DeleteArchivedVmRequest): Promise<string> {
  return apiPostForMessage('vmAction/deleteVirtualMachine', body, { authenticated: true });
}

export function useDeleteArchivedVm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArchivedVm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ARCHIVED_VMS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: RENEWAL_VMS_QUERY_KEY }),
      ]),
  });
}
