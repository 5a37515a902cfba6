import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { portalSecrets } from '../../db/schema/portal-secrets';

/** The row of portal_secrets that holds the session secret. */
const SESSION_SECRET_ROW = 'session-secret';

/** Where a process kept its session secret before it moved into the database. */
const legacyFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'session-secret');

function readLegacySecret(config: Pick<Config, 'dataDir'>): string | null {
  try {
    const secret = fs.readFileSync(legacyFile(config), 'utf8').trim();
    return secret.length >= 32 ? secret : null;
  } catch {
    return null;
  }
}

type LoadedSessionSecret = {
  secret: string;
  /**
   * configuration: SESSION_SECRET; database: the one portal_secrets already held; created: this
   * process wrote it (new); adopted: this process wrote the one DATA_DIR/session-secret held.
   */
  source: 'configuration' | 'database' | 'created' | 'adopted';
};

/**
 * The session secret of a starting process (server.ts). SESSION_SECRET when set; otherwise the
 * one kept in the database (portal_secrets), so every process on one database signs and checks
 * access tokens, login codes and login-failure keys with the same secret. The first process to
 * start writes it: the DATA_DIR/session-secret an earlier version generated, when there is one
 * (its sessions survive the upgrade), else a new random one. Insert-if-absent, then read: two
 * processes starting at once agree on the row that won.
 */
export async function loadSessionSecret(
  db: Database,
  config: { sessionSecret?: string | undefined; dataDir: string },
): Promise<LoadedSessionSecret> {
  if (config.sessionSecret) return { secret: config.sessionSecret, source: 'configuration' };
  const legacy = readLegacySecret(config);
  const candidate = legacy ?? randomBytes(48).toString('base64url');
  const inserted = await db
    .insert(portalSecrets)
    .values({ name: SESSION_SECRET_ROW, value: candidate })
    .onConflictDoNothing({ target: portalSecrets.name })
    .returning({ name: portalSecrets.name });
  const [row] = await db
    .select({ value: portalSecrets.value })
    .from(portalSecrets)
    .where(eq(portalSecrets.name, SESSION_SECRET_ROW));
  if (!row) throw new Error('portal_secrets holds no session secret after writing it');
  if (inserted.length === 0) return { secret: row.value, source: 'database' };
  return { secret: row.value, source: legacy ? 'adopted' : 'created' };
}

/**
 * The secret of a portal built without a database-backed start (tests, the browser journeys):
 * SESSION_SECRET when set, else one generated once into DATA_DIR/session-secret (mode 600).
 * server.ts always passes the one loadSessionSecret answered as `config.sessionSecret`.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = legacyFile(config);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
