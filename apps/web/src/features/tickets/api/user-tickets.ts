import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TGetAllUserTicketResponse } from '@cloud-portal/contract/tickets/customer-tickets';
import { apiGet } from '@/lib/api-client';

/** Every ticket query: a new ticket or a reply makes them all stale. */
export const TICKETS_QUERY_KEY = ['tickets'] as const;

const USER_TICKETS_QUERY_KEY = [...TICKETS_QUERY_KEY, 'userTickets'] as const;

/** GET /api/ticket/getallUserTicket?page=N: one page of the customer's tickets, newest first. */
export function getUserTickets(page: number, signal?: AbortSignal) {
  return apiGet<TGetAllUserTicketResponse>(`ticket/getallUserTicket?page=${page}`, {
    signal,
    authenticated: true,
  });
}

/** One page of the Tickets tab; while another page loads, the page shown stays on screen. */
export function useUserTickets(page: number) {
  return useQuery({
    queryKey: [...USER_TICKETS_QUERY_KEY, page],
    queryFn: ({ signal }) => getUserTickets(page, signal),
    placeholderData: keepPreviousData,
  });
}
