/*
 * Raise New Ticket from anywhere in the app (the update screen's "Please raise a ticket", the
 * resolved ticket's "raise a new ticket"): the profile on its Tickets tab opens the dialog when
 * its address asks for it, with the machine the ticket is about when one is named.
 */

const RAISE_PARAM = 'raiseTicket';
const VM_PARAM = 'vm';

/** /customerprofile/1 with Raise New Ticket open, about machine `vmId` when given. */
export function raiseTicketPath(vmId: number | null = null): string {
  const params = new URLSearchParams({ [RAISE_PARAM]: '1' });
  if (vmId !== null) params.set(VM_PARAM, String(vmId));
  return `/customerprofile/1?${params.toString()}`;
}

/** What the profile's address asks: null for no dialog, else the machine (or null for none). */
export function readRaiseTicketRequest(params: URLSearchParams): { vmId: number | null } | null {
  if (params.get(RAISE_PARAM) !== '1') return null;
  const vm = params.get(VM_PARAM);
  const vmId = vm !== null && /^[1-9][0-9]{0,8}$/.test(vm) ? Number(vm) : null;
  return { vmId };
}

/** The profile's address without the request, once the dialog has opened. */
export function withoutRaiseTicketRequest(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(RAISE_PARAM);
  next.delete(VM_PARAM);
  return next;
}
