import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TAddAliasNameRequest,
  TAddAliasNameResponse,
} from '@cloud-portal/contract/vms/vm-actions';
import { apiPost } from '@/lib/api-client';
import { ACTIVE_VMS_QUERY_KEY } from '../active-vms';

/** POST /api/virtualMachine/addAliasName: data.msg is what the customer is told. */
export function addAliasName(body: TAddAliasNameRequest): Promise<TAddAliasNameResponse> {
  return apiPost<TAddAliasNameResponse>('virtualMachine/addAliasName', body, {
    authenticated: true,
  });
}

export function useAddAliasName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAliasName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVE_VMS_QUERY_KEY }),
  });
}
