import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as companySchema from './schema/company';
import * as contentSchema from './schema/content';
import * as mailSchema from './schema/mail';
import * as accountsSchema from './schema/accounts';
import * as catalogueSchema from './schema/catalogue';
import * as savedItemsSchema from './schema/saved-items';

export const schema = {
  ...companySchema,
  ...contentSchema,
  ...mailSchema,
  ...accountsSchema,
  ...catalogueSchema,
  ...savedItemsSchema,
};
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for libraries that bring their own (pg-boss). Several statements need no values. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
    });
    await pool.query('select 1');
    return {
      db: drizzlePostgres(pool, { schema }) as unknown as Database,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
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

/**
 * The embedded database is one process's files: a second process opening them would corrupt them.
 * A pid file refuses that with a clear message (a stale file from a crashed process is taken over).
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '.lock');
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isProcessAlive(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}. ` +
          'Stop the running portal first, or set DATABASE_URL to use a PostgreSQL server.',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
