/**
 * A machine is due for renewal once its end date is this close: the first expiry reminder's
 * distance (ADR 017). A renewed machine shows "Renewed" until it is due again (ADR 018). Apart
 * from the schemas (zod) so the browser can import it.
 */
export const RENEWAL_DUE_DAYS = 7;
