import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ticketIssueTypes } from '../db/schema/tickets';

/** Each demo company's own kinds of ticket (the customer's drop-down), by company slug. */
export const DEMO_TICKET_ISSUE_TYPES: Record<string, string[]> = {
  demo: [
    'Virtual machine not reachable',
    'Billing and payments',
    'Renewal or update',
    'Public IP and networking',
    'Backups, clones and snapshots',
    'Other',
  ],
  'demo-two': ['Technical problem', 'Billing question', 'Account and access', 'Other'],
};

/**
 * Upserts by (company, name): tickets keep their issue type, so a re-seed never deletes one; a type
 * no longer listed is retired (left off the drop-down) instead.
 */
export async function writeDemoTicketIssueTypes(
  db: Database,
  companyId: number,
  slug: string,
): Promise<void> {
  const names = DEMO_TICKET_ISSUE_TYPES[slug] ?? [];
  if (names.length)
    await db
      .insert(ticketIssueTypes)
      .values(names.map((name, position) => ({ companyId, name, position, isActive: true })))
      .onConflictDoUpdate({
        target: [ticketIssueTypes.companyId, ticketIssueTypes.name],
        set: { position: sql`excluded.position`, isActive: true },
      });
  await db
    .update(ticketIssueTypes)
    .set({ isActive: false })
    .where(
      and(
        eq(ticketIssueTypes.companyId, companyId),
        names.length ? notInArray(ticketIssueTypes.name, names) : undefined,
      ),
    );
}
