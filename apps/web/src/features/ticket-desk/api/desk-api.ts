import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TDeskQueueResponse,
  TDeskTicketMessage,
  TDeskTicketResponse,
  TDeskTicketState,
} from '@cloud-portal/contract/tickets/ticket-desk';
import type { TStaffMember } from '@cloud-portal/contract/operator/staff';
import type { TicketStatus } from '@cloud-portal/contract/tickets/ticket-rules';
import { operatorGet, operatorPost, operatorPostForm } from '@/lib/operator-api';
import { queueSearchParams, type QueueFilters } from '../components/desk-queue-filters';

// Under ['operator', 'company']: the console forgets it when the member switches company.
const DESK_KEY = ['operator', 'company', 'desk'] as const;

/** GET /api/operator/tickets: one page of the queue. */
export function deskQueueQueryOptions(filters: QueueFilters, cursor: string | null) {
  const search = queueSearchParams(filters, cursor);
  return queryOptions({
    queryKey: [...DESK_KEY, 'queue', search],
    queryFn: ({ signal }) => operatorGet<TDeskQueueResponse>(`tickets?${search}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const ticketKey = (ticketId: number) => [...DESK_KEY, 'ticket', ticketId] as const;

/** GET /api/operator/tickets/{id}: the ticket, its customer, machine and whole conversation. */
export function deskTicketQueryOptions(ticketId: number) {
  return queryOptions({
    queryKey: ticketKey(ticketId),
    queryFn: ({ signal }) => operatorGet<TDeskTicketResponse>(`tickets/${ticketId}`, signal),
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/operator/staff (staff.manage): the members a ticket can be assigned to. */
export function deskStaffQueryOptions() {
  return queryOptions({
    queryKey: ['operator', 'company', 'staff'],
    queryFn: ({ signal }) => operatorGet<TStaffMember[]>('staff', signal),
    staleTime: 0,
  });
}

function useDeskMutation<TInput, TData>(send: (input: TInput) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DESK_KEY }),
  });
}

/** POST …/answer (multipart: message, then up to 4 `files`). */
export const useDeskAnswer = (ticketId: number) =>
  useDeskMutation(({ message, files }: { message: string; files: readonly File[] }) => {
    const body = new FormData();
    body.append('message', message.trim());
    for (const file of files) body.append('files', file, file.name);
    return operatorPostForm<TDeskTicketMessage>(`tickets/${ticketId}/answer`, body);
  });

/** POST …/notes: a note for staff only. */
export const useDeskNote = (ticketId: number) =>
  useDeskMutation((body: string) =>
    operatorPost<TDeskTicketMessage>(`tickets/${ticketId}/notes`, { body: body.trim() }),
  );

/** POST …/status with the status the member saw (409 when someone changed it meanwhile). */
export const useDeskStatus = (ticketId: number) =>
  useDeskMutation((body: { from: TicketStatus; status: TicketStatus }) =>
    operatorPost<TDeskTicketState>(`tickets/${ticketId}/status`, body),
  );

/** POST …/assign: a member's id, or null. */
export const useDeskAssign = (ticketId: number) =>
  useDeskMutation((assigneeID: number | null) =>
    operatorPost<TDeskTicketState>(`tickets/${ticketId}/assign`, { assigneeID }),
  );
