import { useQuery } from '@tanstack/react-query';
import { ACTIVE_VMS_PAGE_SIZE } from '@cloud-portal/contract/accounts/profile-page-sizes';
import type { TActiveVmsPage } from '@cloud-portal/contract/vms/active-vms';
import { apiGet } from '@/lib/api-client';

/** More machines than this are not offered one by one: the ticket's text can name the machine. */
const MAX_PAGES = 10;

export type TicketVmChoice = { id: number; name: string };

/**
 * The customer's machines a ticket can be about: GET /api/vmAction/activeVMs page by page (at
 * most 100 machines), as names and ids.
 */
export function useTicketVmChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['tickets', 'vmChoices'],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const choices: TicketVmChoice[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const data = await apiGet<TActiveVmsPage>(`vmAction/activeVMs?page=${page}`, {
          signal,
          authenticated: true,
        });
        for (const vm of data.rows) {
          choices.push({
            id: vm.ID,
            name: vm.aliasName ? `${vm.aliasName} (${vm.vmName})` : vm.vmName,
          });
        }
        if (page * ACTIVE_VMS_PAGE_SIZE >= data.total) break;
      }
      return choices;
    },
  });
}
