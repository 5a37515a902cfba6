import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGenerateTicketResponse } from '@cloud-portal/contract/tickets/customer-tickets';
import { apiPostForResult } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from './user-tickets';

export type GenerateTicketInput = {
  issueTypeId: number;
  description: string;
  vmId: number | null;
  files: readonly File[];
};

/**
 * POST /api/ticket/generateTicket (multipart: issueType, description, optionally vmID, then up
 * to 4 `files`): answers 'Ticket submitted successfully' with the new ticket's ID.
 */
export function generateTicket({ issueTypeId, description, vmId, files }: GenerateTicketInput) {
  const body = new FormData();
  // The fields before the files: the server reads them as the upload streams in.
  body.append('issueType', String(issueTypeId));
  body.append('description', description.trim());
  if (vmId !== null) body.append('vmID', String(vmId));
  for (const file of files) body.append('files', file, file.name);
  return apiPostForResult<TGenerateTicketResponse>('ticket/generateTicket', body, {
    authenticated: true,
  });
}

export function useGenerateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
  });
}
