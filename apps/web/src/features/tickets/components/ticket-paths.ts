/** vm-lifecycle.md §2.9: a ticket's details page. */
export function ticketDetailsPath(ticketId: number): string {
  return `/TicketDetails/${ticketId}`;
}

/** vm-lifecycle.md §2: the profile on its Tickets tab. */
export const TICKETS_TAB_PATH = '/customerprofile/1';
