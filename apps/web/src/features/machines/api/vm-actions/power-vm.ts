import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PowerAction,
  TPowerRequest,
  TVmStateResponse,
} from '@cloud-portal/contract/vms/vm-actions';
import { apiPostForResult } from '@/lib/api-client';
import { ACTIVE_VMS_QUERY_KEY } from '../active-vms';
import { vmStatusQueryKey } from './get-vm-status';

/** POST /api/vmAction/{startVM,shutdownVM,powerOffVM,rebootVM}: answers the state (busy). */
export function powerVm(
  action: PowerAction,
  body: TPowerRequest,
): Promise<{ data: TVmStateResponse; message: string }> {
  return apiPostForResult<TVmStateResponse>(`vmAction/${action}`, body, { authenticated: true });
}

/** A power action; once accepted the VM's live state is watched until it settles. */
export function usePowerVm(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PowerAction) => powerVm(action, { virDomainUUID: uuid }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(vmStatusQueryKey(uuid), data);
      void queryClient.invalidateQueries({ queryKey: ACTIVE_VMS_QUERY_KEY });
    },
  });
}
