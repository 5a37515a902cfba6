import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AccessClaims } from './crypto-tokens';
import { findLiveSession, type Customer, type Session } from './sessions';
import type { CacheSignals } from '../../cache/cache-signals';
import { ScopedCache } from '../../cache/scoped-cache';
import type { OwnerScope } from '../../tenancy/owner-scope';

export type LiveSession = { session: Session; customer: Customer };

const MAX_ENTRIES = 20_000;

/**
 * What makes a signed-in customer's calls cheap (ADR 021): their live session and the JSON of
 * their read calls, each kept until a write signals its scope (`s:`, `u:`, `co:`) or `ttlMs`
 * passes. Nothing is served while the process cannot hear the signals.
 *
 * Each call first waits until the signals of every change committed before it have arrived
 * (`catchUp`: at once on the embedded database, a shared round trip on PostgreSQL), so a logout
 * is refused at once by every process and no cached answer is older than the last write.
 */
export class CustomerCaches {
  private readonly sessions: ScopedCache<LiveSession | null>;
  private readonly answers: ScopedCache<string>;

  constructor(
    private readonly db: Database,
    private readonly signals: CacheSignals,
    ttlMs: number,
  ) {
    const isTrusted = () => signals.isListening();
    this.sessions = new ScopedCache({ ttlMs, isTrusted, maxEntries: MAX_ENTRIES });
    this.answers = new ScopedCache({ ttlMs, isTrusted, maxEntries: MAX_ENTRIES });
    signals.subscribe((scope) => {
      this.sessions.invalidate(scope);
      this.answers.invalidate(scope);
    });
  }

  /** The live session the (verified) access claims name, and its customer; null once it ended. */
  async findLiveSession(claims: AccessClaims): Promise<LiveSession | null> {
    // Every change committed before this call (a logout on another process, a provider's block)
    // has dropped its entries before anything is read from them.
    if (!(await this.signals.catchUp())) return findLiveSession(this.db, claims.sessionId);
    return this.sessions.get(
      claims.sessionId,
      [`s:${claims.sessionId}`, `u:${claims.customerId}`, `co:${claims.companyId}`],
      () => findLiveSession(this.db, claims.sessionId),
    );
  }

  /**
   * Sends the customer's answer for `key` (the call and its arguments) as JSON checked against
   * `schema`, rendered once and kept until the customer's or the company's data changes.
   */
  async send(
    reply: FastifyReply,
    owner: OwnerScope,
    key: string,
    schema: z.ZodType,
    render: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const json = await this.answers.get(
      `${owner.customerId}:${key}`,
      [`u:${owner.customerId}`, `co:${owner.companyId}`],
      async () => JSON.stringify(schema.parse(await render())),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  }
}
