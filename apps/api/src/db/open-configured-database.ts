import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';

/** PostgreSQL when DATABASE_URL is set, else the embedded database under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') });
}
