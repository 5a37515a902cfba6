import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import {
  ROLE_PERMISSIONS,
  isStaffRole,
  type StaffRole,
} from '@cloud-portal/contract/operator/permissions';
import {
  STAFF_CSRF_HEADER,
  STAFF_SESSION_COOKIE,
} from '@cloud-portal/contract/operator/staff-session';
import type { Database, Transaction } from '../../db/client';
import { companies } from '../../db/schema/company';
import { staffMemberships, staffSessions } from '../../db/schema/staff';
import { AppError } from '../../errors';
import type { StaffActor, StaffResolver } from '../../http/request-context';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/tokens';
import type { Company } from '../../tenancy/company-directory';
import { STAFF_ABSOLUTE_MS, STAFF_IDLE_MS } from './staff-settings';

export type StaffSession = typeof staffSessions.$inferSelect;

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The CSRF token of a session (by its stored id): what the page echoes in x-staff-csrf. */
export const staffCsrfToken = (secret: string, sessionId: string) =>
  hmac(secret, `staff-csrf:${sessionId}`);

/** Starts a session: the cookie's token is random, the row keeps its SHA-256. */
export async function startStaffSession(
  db: Database | Transaction,
  staffId: number,
  companyId: number,
  now = new Date(),
): Promise<{ token: string; session: StaffSession }> {
  const token = randomToken();
  const [session] = await db
    .insert(staffSessions)
    .values({
      id: sha256(token),
      staffId,
      companyId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_ABSOLUTE_MS),
    })
    .returning();
  return { token, session: session! };
}

/**
 * The live session a cookie names, its idle time restarted: one UPDATE both checks (seen within
 * 30 minutes, before its 12-hour end) and moves `last_seen_at`, so two calls at the edge cannot
 * both find it alive and one keep it alive after the other ended it. null when ended.
 */
export async function touchStaffSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<StaffSession | null> {
  const [session] = await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(staffSessions.id, sha256(token)),
        gt(staffSessions.lastSeenAt, timestamp(new Date(now.getTime() - STAFF_IDLE_MS))),
        gt(staffSessions.expiresAt, timestamp(now)),
      ),
    )
    .returning();
  return session ?? null;
}

export async function endStaffSession(db: Database, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sha256(token)));
}

export const idleEndOf = (session: StaffSession) =>
  new Date(Math.min(session.lastSeenAt.getTime() + STAFF_IDLE_MS, session.expiresAt.getTime()));

/** A state-changing call must echo its session's CSRF token (another site cannot read it). */
export function checkStaffCsrf(request: FastifyRequest, secret: string, token: string): void {
  const sent = request.headers[STAFF_CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, staffCsrfToken(secret, sha256(token))))
    throw new AppError(403, operatorTexts.csrfFailed);
}

export type Membership = { role: StaffRole; company: Company };

/** The member's role in a company, with the company: null when they are not (or no longer) one. */
export async function findMembership(
  db: Database | Transaction,
  staffId: number,
  companyId: number,
): Promise<Membership | null> {
  const [row] = await db
    .select({ role: staffMemberships.role, company: companies })
    .from(staffMemberships)
    .innerJoin(companies, eq(companies.id, staffMemberships.companyId))
    .where(and(eq(staffMemberships.staffId, staffId), eq(staffMemberships.companyId, companyId)));
  if (!row || !isStaffRole(row.role)) return null;
  return { role: row.role, company: row.company };
}

export async function listMemberships(db: Database | Transaction, staffId: number) {
  const rows = await db
    .select({
      companyId: staffMemberships.companyId,
      companyName: companies.name,
      role: staffMemberships.role,
    })
    .from(staffMemberships)
    .innerJoin(companies, eq(companies.id, staffMemberships.companyId))
    .where(eq(staffMemberships.staffId, staffId))
    .orderBy(asc(companies.name), asc(staffMemberships.companyId));
  return rows.flatMap((row) => (isStaffRole(row.role) ? [{ ...row, role: row.role }] : []));
}

export function staffActorOf(
  request: FastifyRequest,
  staffId: number,
  membership: Membership,
): StaffActor {
  return {
    kind: 'staff',
    company: membership.company,
    companyId: membership.company.id,
    staffId,
    permissions: new Set(ROLE_PERMISSIONS[membership.role]),
    clientAddress: request.ip,
  };
}

/**
 * How the request context recognises staff (ADR 028): the session cookie naming a live session
 * (401 otherwise, as customers), its CSRF header on a state-changing call (403), and the member's role in the session's company read again on every call, so a removal
 * or a new role takes effect at once.
 */
export function createStaffResolver(deps: { db: Database; sessionSecret: string }): StaffResolver {
  return {
    async resolveStaff(request, { checkCsrf }) {
      const token = request.cookies[STAFF_SESSION_COOKIE];
      if (!token) return null;
      const session = await touchStaffSession(deps.db, token);
      if (!session) return null;
      if (checkCsrf) checkStaffCsrf(request, deps.sessionSecret, token);
      const membership = await findMembership(deps.db, session.staffId, session.companyId);
      if (!membership) return 'not-member';
      return staffActorOf(request, session.staffId, membership);
    },
  };
}
