import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { OPERATOR_ENROL_PATH } from '@cloud-portal/contract/operator/staff-session';
import type { Database, Transaction } from '../../db/client';
import { companies, companyDomains } from '../../db/schema/company';
import { staff, staffEnrolmentLinks } from '../../db/schema/staff';
import { randomToken, sha256 } from '../../lib/tokens';
import { ENROLMENT_LINK_MS } from './staff-settings';

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Where the company's console answers: its first origin (the portal URL when it has none). */
export async function consoleOriginOf(db: Database | Transaction, companyId: number) {
  const [domain] = await db
    .select({ origin: companyDomains.origin })
    .from(companyDomains)
    .where(eq(companyDomains.companyId, companyId))
    .orderBy(asc(companyDomains.id))
    .limit(1);
  if (domain) return domain.origin;
  const [company] = await db
    .select({ portalUrl: companies.portalUrl })
    .from(companies)
    .where(eq(companies.id, companyId));
  return new URL(company!.portalUrl).origin;
}

/**
 * A one-time link to /operator/enrol/<token> on the company's first origin, for 24 hours. The
 * token is random; the row keeps its SHA-256, so the table opens nothing.
 */
export async function createEnrolmentLink(
  tx: Database | Transaction,
  staffId: number,
  companyId: number,
  now = new Date(),
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + ENROLMENT_LINK_MS);
  await tx
    .insert(staffEnrolmentLinks)
    .values({ tokenHash: sha256(token), staffId, companyId, expiresAt, createdAt: now });
  const origin = await consoleOriginOf(tx, companyId);
  return { url: `${origin}${OPERATOR_ENROL_PATH}/${token}`, expiresAt };
}

const usable = (token: string, now: Date) =>
  and(
    eq(staffEnrolmentLinks.tokenHash, sha256(token)),
    isNull(staffEnrolmentLinks.usedAt),
    gt(staffEnrolmentLinks.expiresAt, timestamp(now)),
  );

/** Who an unused, unexpired link is for; null otherwise. */
export async function readEnrolmentLink(db: Database, token: string, now = new Date()) {
  const [link] = await db
    .select({
      email: staff.email,
      name: staff.name,
      companyName: companies.name,
      expiresAt: staffEnrolmentLinks.expiresAt,
    })
    .from(staffEnrolmentLinks)
    .innerJoin(staff, eq(staff.id, staffEnrolmentLinks.staffId))
    .innerJoin(companies, eq(companies.id, staffEnrolmentLinks.companyId))
    .where(usable(token, now));
  return link ?? null;
}

/** Uses a link: one conditional UPDATE, so it works once however many requests race. */
export async function useEnrolmentLink(tx: Transaction, token: string, now = new Date()) {
  const [link] = await tx
    .update(staffEnrolmentLinks)
    .set({ usedAt: now })
    .where(usable(token, now))
    .returning({ staffId: staffEnrolmentLinks.staffId, companyId: staffEnrolmentLinks.companyId });
  return link ?? null;
}
