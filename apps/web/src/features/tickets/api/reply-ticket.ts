import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomerTicketMessage } from '@cloud-portal/contract/tickets/customer-tickets';
import { apiPostForResult } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from './user-tickets';

export type ReplyTicketInput = { ticketId: number; message: string; files: readonly File[] };

/** POST /api/ticket/replyTicket (multipart: ticketID, message, then up to 4 `files`). */
export function replyTicket({ ticketId, message, files }: ReplyTicketInput) {
  const body = new FormData();
  body.append('ticketID', String(ticketId));
  body.append('message', message.trim());
  for (const file of files) body.append('files', file, file.name);
  return apiPostForResult<TCustomerTicketMessage>('ticket/replyTicket', body, {
    authenticated: true,
  });
}

export function useReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    // The conversation and the tab's "last message" order both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
  });
}
