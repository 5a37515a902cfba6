import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRenewalVmsPage } from '@cloud-portal/contract/vms/renewals';
import { apiGet } from '@/lib/api-client';

export const RENEWAL_VMS_QUERY_KEY = ['accounts', 'renewalVMs'] as const;

/** GET /api/vmAction/renewalVMs?page=N: one page of the customer's VMs due for renewal. */
export function getRenewalVms(page: number, signal?: AbortSignal): Promise<TRenewalVmsPage> {
  return apiGet<TRenewalVmsPage>(`vmAction/renewalVMs?page=${page}`, {
    signal,
    authenticated: true,
  });
}

/** One page of the Renewals tab; while another page loads, the page shown stays on screen. */
export function useRenewalVms(page: number) {
  return useQuery({
    queryKey: [...RENEWAL_VMS_QUERY_KEY, page],
    queryFn: ({ signal }) => getRenewalVms(page, signal),
    placeholderData: keepPreviousData,
  });
}
