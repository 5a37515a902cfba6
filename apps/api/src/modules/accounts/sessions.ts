import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, refreshTokens, sessions } from '../../db/schema/accounts';
import { ACCESS_TOKEN_TTL_MS, REFRESH_REUSE_GRACE_MS, SESSION_TTL_MS } from './account-settings';
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

type RefreshResult =
  { tokens: IssuedTokens; customer: Customer } | 'invalid' | 'reused' | 'other-company';

type PresentedToken = { session_id: string; is_first_use: boolean; is_within_grace: boolean };

/**
 * Trades a refresh token of a live session of this company for a new pair. A refresh token works
 * once, but for a grace window (10 s) after its rotation: a second tab renewing with it at the same
 * moment gets another rotation of the same session. Presented later, it was stolen or replayed,
 * and the whole session (its family) is revoked. One statement marks the token used and says which
 * of these it is, however many requests race.
 */
export async function refreshSession(
  db: Database,
  secret: string,
  refreshToken: string,
  companyId: number,
  now = new Date(),
): Promise<RefreshResult> {
  const tokenHash = sha256(refreshToken);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const graceStart = new Date(now.getTime() - REFRESH_REUSE_GRACE_MS);
  const { rows } = (await db.execute(sql`
    with presented as (
      select refresh_tokens.id, refresh_tokens.used_at
      from refresh_tokens join sessions on sessions.id = refresh_tokens.session_id
      where refresh_tokens.token_hash = ${tokenHash}
        and sessions.company_id = ${companyId}
        and sessions.revoked_at is null
        and sessions.expires_at > ${at(now)}
      for update of refresh_tokens
    )
    update refresh_tokens set used_at = coalesce(presented.used_at, ${at(now)})
    from presented where refresh_tokens.id = presented.id
    returning refresh_tokens.session_id,
      presented.used_at is null as is_first_use,
      coalesce(presented.used_at > ${at(graceStart)}, false) as is_within_grace`)) as unknown as {
    rows: PresentedToken[];
  };
  const [presented] = rows;
  if (!presented) {
    const [elsewhere] = await db
      .select({ companyId: sessions.companyId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return elsewhere && elsewhere.companyId !== companyId ? 'other-company' : 'invalid';
  }
  if (!presented.is_first_use && !presented.is_within_grace) {
    await revokeSession(db, presented.session_id);
    return 'reused';
  }
  const live = await findLiveSession(db, presented.session_id);
  if (!live) return 'invalid';
  const next = randomToken();
  await db.insert(refreshTokens).values({ sessionId: live.session.id, tokenHash: sha256(next) });
  return {
    customer: live.customer,
    tokens: {
      sessionId: live.session.id,
      refreshToken: next,
      csrfToken: csrfTokenFor(secret, live.session.id),
      sessionExpiresAt: live.session.expiresAt,
      ...issueAccess(secret, live.session),
    },
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

const liveSessionQueries = new WeakMap<Database, ReturnType<typeof prepareLiveSessionQuery>>();

/** Built once per database (and connection): every authenticated call runs it. */
function prepareLiveSessionQuery(db: Database) {
  return db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('live_session');
}

/** The live session and its customer, or null (revoked, expired, unknown). */
export async function findLiveSession(
  db: Database,
  sessionId: string,
): Promise<{ session: Session; customer: Customer } | null> {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = prepareLiveSessionQuery(db)));
  const [found] = await query.execute({ sessionId, now: new Date().toISOString() });
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
