import { useQuery } from '@tanstack/react-query';
import type { TTicketIssueType } from '@cloud-portal/contract/tickets/customer-tickets';
import { apiGet } from '@/lib/api-client';

/** GET /api/ticket/getTicketIssueType: the company's issue types, in their order. */
export function useTicketIssueTypes() {
  return useQuery({
    queryKey: ['tickets', 'issueTypes'],
    queryFn: ({ signal }) =>
      apiGet<TTicketIssueType[]>('ticket/getTicketIssueType', { signal, authenticated: true }),
    staleTime: 5 * 60_000,
  });
}
