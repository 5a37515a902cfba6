import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, companyDomains } from '../db/schema/company';
import { TtlCache } from '../lib/ttl-cache';

export type Company = typeof companies.$inferSelect;

/**
 * Finds the company that answers on an origin. Every public page asks this, so answers (also
 * "no such company") are kept for `ttlMs`; `invalidate()` drops them after a change. With several
 * processes, a change is seen everywhere within `ttlMs`.
 */
export class CompanyDirectory {
  private readonly byOrigin: TtlCache<string, Company | null>;

  constructor(
    private readonly db: Database,
    ttlMs: number,
  ) {
    this.byOrigin = new TtlCache(ttlMs);
  }

  findByOrigin(origin: string): Promise<Company | null> {
    return this.byOrigin.get(origin, async () => {
      const [row] = await this.db
        .select({ company: companies })
        .from(companyDomains)
        .innerJoin(companies, eq(companies.id, companyDomains.companyId))
        .where(eq(companyDomains.origin, origin))
        .limit(1);
      return row?.company ?? null;
    });
  }

  invalidate(): void {
    this.byOrigin.clear();
  }
}
