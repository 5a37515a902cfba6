import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describeError } from '../lib/safe-log';
import { lockDataDir } from './data-dir-lock';
import * as companySchema from './schema/company';
import * as contentSchema from './schema/content';
import * as mailSchema from './schema/mail';
import * as accountsSchema from './schema/accounts';
import * as catalogueSchema from './schema/catalogue';
import * as savedItemsSchema from './schema/saved-items';

const schema = {
  ...companySchema,
  ...contentSchema,
  ...mailSchema,
  ...accountsSchema,
  ...catalogueSchema,
  ...savedItemsSchema,
};
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback: writes that commit or roll back together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The rows of a raw statement, whichever driver answered (node-postgres or PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for libraries that bring their own (pg-boss). Several statements need no values. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Where the database's change signals (NOTIFY) can be heard: see cache/cache-signals.ts. */
  signalSource: SignalSource;
  close: () => Promise<void>;
};

export type SignalSource =
  | {
      kind: 'pglite';
      listen: (
        channel: string,
        onPayload: (payload: string) => void,
      ) => Promise<() => Promise<void>>;
    }
  /** Listening needs connections of its own, outside the pool. */
  | { kind: 'postgres'; url: string };

type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
    });
    // An idle connection the server ends (restart, failover, a dropped database) must not take the
    // process down: the pool replaces it on the next query. Logged without values (safe-log).
    pool.on('error', (error) => console.error('Database connection lost:', describeError(error)));
    await pool.query('select 1');
    return {
      db: drizzlePostgres(pool, { schema }) as unknown as Database,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
      signalSource: { kind: 'postgres', url: options.url },
      close: () => pool.end(),
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = new PGlite(options.dataDir ? { dataDir: options.dataDir } : {});
    await client.waitReady;
    return {
      db: drizzlePglite(client, { schema }) as unknown as Database,
      kind: 'pglite',
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        // The extended protocol takes one statement; scripts (several) go through exec.
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      signalSource: {
        kind: 'pglite',
        listen: async (channel, onPayload) => {
          const unlisten = await client.listen(channel, onPayload);
          return () => unlisten();
        },
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
