import { useQuery } from '@tanstack/react-query';
import type { TGetTicketDetailResponse } from '@cloud-portal/contract/tickets/customer-tickets';
import { apiPost } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from './user-tickets';

export const ticketDetailQueryKey = (ticketId: number) =>
  [...TICKETS_QUERY_KEY, 'detail', ticketId] as const;

/** POST /api/ticket/getTicketDetailByID { ticketID }: the ticket, its first answer, the talk. */
export function useTicketDetail(ticketId: number | null) {
  return useQuery({
    queryKey: ticketDetailQueryKey(ticketId ?? 0),
    queryFn: ({ signal }) =>
      apiPost<TGetTicketDetailResponse>(
        'ticket/getTicketDetailByID',
        { ticketID: ticketId },
        { signal, authenticated: true },
      ),
    enabled: ticketId !== null,
    // Staff answers arrive while the page is open: looked for again when the customer comes back.
    refetchOnWindowFocus: true,
  });
}
