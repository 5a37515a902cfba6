import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TAssignPublicIpRequest,
  TAssignPublicIpResponse,
} from '@cloud-portal/contract/vms/assign-public-ip';
import { apiPostForResult } from '@/lib/api-client';
import { ACTIVE_VMS_QUERY_KEY } from '../active-vms';

/** POST /api/allowIP/assignPublicIP: resolves with the address and the server's "Successfull". */
export function assignPublicIp(
  body: TAssignPublicIpRequest,
): Promise<{ data: TAssignPublicIpResponse; message: string }> {
  return apiPostForResult<TAssignPublicIpResponse>('allowIP/assignPublicIP', body, {
    authenticated: true,
  });
}

/** Assigns, then asks again for every page of the Products tab, which shows the address. */
export function useAssignPublicIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPublicIp,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACTIVE_VMS_QUERY_KEY }),
  });
}
