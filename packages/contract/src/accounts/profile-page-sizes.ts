/**
 * How many rows a page of each of the profile's lists holds: the server pages its calls by these
 * and the browser's tables and pagers count with the same numbers. Plain constants, apart from the
 * calls' schemas, so the browser takes them without zod (ADR 007).
 */

/** GET /api/vmAction/activeVMs (the Products and Backup tabs). */
export const ACTIVE_VMS_PAGE_SIZE = 10;
/** The Renewals tab. */
export const RENEWAL_VMS_PAGE_SIZE = 10;
/** The Archived tab. */
export const ARCHIVED_VMS_PAGE_SIZE = 10;
/** One machine's backups. */
export const VM_BACKUPS_PAGE_SIZE = 20;
/** The Purchase History tab. */
export const PURCHASE_HISTORY_PAGE_SIZE = 10;
/** The Tickets tab (GET /api/ticket/getallUserTicket). */
export const TICKETS_PAGE_SIZE = 10;
