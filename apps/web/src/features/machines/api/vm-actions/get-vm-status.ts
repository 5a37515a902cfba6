import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import type { TVmStateResponse, VmLiveState } from '@cloud-portal/contract/vms/vm-actions';
import { apiPost } from '@/lib/api-client';
import { ACTIVE_VMS_QUERY_KEY } from '../active-vms';

export const vmStatusQueryKey = (uuid: string) => ['accounts', 'vmStatus', uuid] as const;

/**
 * While a VM changes state its live state is asked for this often (the API allows a customer 600
 * calls a minute: 20 VMs changing at once).
 */
const VM_STATUS_POLL_MS = 2_000;

/** States that change on their own: watched until they settle. */
export const isChanging = (state: VmLiveState | undefined) =>
  state === 'busy' || state === 'provisioning';

/** POST /api/vmAction/getVMStatus: the live state (the server records it for the list too). */
export function getVmStatus(uuid: string, signal?: AbortSignal): Promise<TVmStateResponse> {
  return apiPost<TVmStateResponse>(
    'vmAction/getVMStatus',
    { virDomainUUID: uuid },
    { authenticated: true, signal },
  );
}

/**
 * A VM's live state. The hypervisor is asked (every 2 s while the state is changing) when the
 * list shows the VM busy, when a power action here made it busy (its answer is put in this
 * query), or when `isWatched` (the access dialog is open); otherwise the list's status stands.
 * When the state settles the list is loaded again, so every place shows the new state. Every
 * observer of one VM shares one query.
 */
export function useLiveVmState(
  vm: Pick<TActiveVm, 'createdUUID' | 'status'>,
  isWatched = false,
): VmLiveState {
  const queryClient = useQueryClient();
  const uuid = vm.createdUUID;
  const isListBusy = vm.status === 'busy';
  const query = useQuery({
    queryKey: vmStatusQueryKey(uuid ?? ''),
    queryFn: ({ signal }) => getVmStatus(uuid!, signal),
    enabled: (current) =>
      uuid !== null && (isWatched || isListBusy || isChanging(current.state.data?.state)),
    refetchInterval: (current) =>
      isChanging(current.state.data?.state) ? VM_STATUS_POLL_MS : false,
  });
  const live = query.data?.state;
  const previous = useRef(live);
  useEffect(() => {
    if (previous.current !== live && isChanging(previous.current) && !isChanging(live)) {
      void queryClient.invalidateQueries({ queryKey: ACTIVE_VMS_QUERY_KEY });
    }
    previous.current = live;
  }, [live, queryClient]);
  if (live !== undefined && (isWatched || isListBusy || isChanging(live))) return live;
  return vm.status;
}
