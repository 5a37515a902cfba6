/** vm-lifecycle.md §2.9: a ticket's details page. */
export function ticketDetailsPath(ticketId: number): string {
  return `/TicketDetails/${ticketId}`;
}

/** vm-lifecycle.md §2: the profile on its Tickets tab. */
export const TICKETS_TAB_PATH = '/customerprofile/1';

/** A ticket's id in the address: a positive whole number of the database's range, else null. */
export function readTicketId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
