import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, refreshTokens, sessions } from '../../db/schema/accounts';
import { ACCESS_TOKEN_TTL_MS, SESSION_TTL_MS } from './account-settings';
import { randomToken, sha256 } from '../../lib/tokens';
import { csrfTokenFor, signAccessToken } from './crypto-tokens';

export type Customer = typeof customers.$inferSelect;
export type Session = typeof sessions.$inferSelect;

export type IssuedTokens = {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  csrfToken: string;
  accessExpiresAt: Date;
  sessionExpiresAt: Date;
};

function issueAccess(
  secret: string,
  session: Session,
): Pick<IssuedTokens, 'accessToken' | 'accessExpiresAt'> {
  // The access token never outlives its session.
  const expiresAt = Math.min(Date.now() + ACCESS_TOKEN_TTL_MS, session.expiresAt.getTime());
  return {
    accessToken: signAccessToken(secret, {
      sessionId: session.id,
      customerId: session.customerId,
      companyId: session.companyId,
      expiresAt,
    }),
    accessExpiresAt: new Date(expiresAt),
  };
}

export async function startSession(
  db: Database,
  secret: string,
  customer: Customer,
): Promise<IssuedTokens> {
  const [session] = await db
    .insert(sessions)
    .values({
      customerId: customer.id,
      companyId: customer.companyId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    .returning();
  const refreshToken = randomToken();
  await db
    .insert(refreshTokens)
    .values({ sessionId: session!.id, tokenHash: sha256(refreshToken) });
  return {
    sessionId: session!.id,
    refreshToken,
    csrfToken: csrfTokenFor(secret, session!.id),
    sessionExpiresAt: session!.expiresAt,
    ...issueAccess(secret, session!),
  };
}

export type RefreshResult = { tokens: IssuedTokens; customer: Customer } | 'invalid' | 'reused';

/**
 * Trades a refresh token for a new pair. Each refresh token works once: presenting a spent one
 * means it was stolen or replayed, and the whole session (its family) is revoked.
 */
export async function refreshSession(
  db: Database,
  secret: string,
  refreshToken: string,
): Promise<RefreshResult> {
  const [found] = await db
    .select({ token: refreshTokens, session: sessions, customer: customers })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (!found) return 'invalid';
  const { token, session, customer } = found;
  if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) return 'invalid';
  if (token.usedAt) {
    await revokeSession(db, session.id);
    return 'reused';
  }
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (spent.length === 0) {
    await revokeSession(db, session.id);
    return 'reused';
  }
  const next = randomToken();
  await db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: sha256(next) });
  return {
    customer,
    tokens: {
      sessionId: session.id,
      refreshToken: next,
      csrfToken: csrfTokenFor(secret, session.id),
      sessionExpiresAt: session.expiresAt,
      ...issueAccess(secret, session),
    },
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The live session and its customer, or null (revoked, expired, unknown). */
export async function findLiveSession(
  db: Database,
  sessionId: string,
): Promise<{ session: Session; customer: Customer } | null> {
  const [found] = await db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return found ?? null;
}

export async function findSessionIdByRefreshToken(
  db: Database,
  refreshToken: string,
): Promise<string | null> {
  const [found] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  return found?.sessionId ?? null;
}
