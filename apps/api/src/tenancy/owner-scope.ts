/**
 * A customer's own rows: every query of what a customer owns filters on both, so another
 * customer's or another company's row is never found (the same answer as a missing one).
 * A signed-in customer (`CustomerActor`) is one.
 */
export type OwnerScope = { companyId: number; customerId: number };
