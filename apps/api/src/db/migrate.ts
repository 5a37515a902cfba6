import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseHandle } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Fixed numbers: the advisory locks that let one process at a time migrate and seed a database. */
const MIGRATION_LOCK = 4_021_2026;
const SETUP_LOCK = 4_021_2027;

/** Runs `work` while holding a PostgreSQL advisory lock on a connection of its own. */
async function underLock<T>(handle: DatabaseHandle, lockId: number, work: () => Promise<T>) {
  if (handle.signalSource.kind !== 'postgres') return work();
  // Session-level, so not on the pool: the pool's connections come and go.
  const lock = new pg.Client({ connectionString: handle.signalSource.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [lockId]);
    return await work();
  } finally {
    await lock.end();
  }
}

/**
 * A process's first steps on its database (migrations, shared secrets, the first-start seed),
 * one process at a time: several started together do not seed the demo twice.
 */
export function whileSettingUp<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  return underLock(handle, SETUP_LOCK, work);
}

/**
 * Applies the same SQL migrations (drizzle-kit's output) to either engine. On PostgreSQL,
 * processes starting together take turns: the first migrates, the others then find nothing to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await underLock(handle, MIGRATION_LOCK, () =>
    migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
}
