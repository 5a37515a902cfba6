import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isNotNull } from 'drizzle-orm';
import { ConfigError, type Config } from '../config';
import type { Database } from '../db/client';
import { companyHypervisors } from '../db/schema/hypervisors';
import { companyPaymentGateways } from '../db/schema/payments';
import { CredentialsUnreadable, openCredentials } from './credentials-cipher';

type KeyConfig = {
  credentialsKey?: Buffer | undefined;
  databaseUrl?: string | undefined;
  dataDir: string;
};

const keyFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'credentials-key');

const KEY_REQUIRED_WITH_DATABASE_URL =
  'CREDENTIALS_KEY is required with DATABASE_URL: it seals the payment-gateway credentials and ' +
  'hypervisor options, and every process on the database must use the same key (a key generated ' +
  'per process would not open what another sealed). Set CREDENTIALS_KEY to 32 bytes, 64 hex ' +
  'characters or base64 (`openssl rand -hex 32`), the same value on every process.';

function readKeyFile(config: Pick<Config, 'dataDir'>): Buffer | null {
  try {
    const key = Buffer.from(fs.readFileSync(keyFile(config), 'utf8').trim(), 'base64url');
    return key.length === 32 ? key : null;
  } catch {
    return null;
  }
}

/**
 * The key that seals credentials at rest: CREDENTIALS_KEY (32 bytes as 64 hex characters or
 * base64), which every process of a deployment must share. Never kept in the database. With
 * DATABASE_URL it is required (ConfigError without it); on the embedded database, a single
 * process, one is generated on first start into DATA_DIR/credentials-key (mode 600).
 */
export function resolveCredentialsKey(config: KeyConfig): Buffer {
  if (config.credentialsKey) return config.credentialsKey;
  if (config.databaseUrl) throw new ConfigError(KEY_REQUIRED_WITH_DATABASE_URL);
  const existing = readKeyFile(config);
  if (existing) return existing;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    fs.writeFileSync(keyFile(config), key.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    // Another process wrote it first: use theirs.
    const theirs = readKeyFile(config);
    if (!theirs) throw new ConfigError(`${keyFile(config)} does not hold a 32-byte key`);
    return theirs;
  }
}

/** One sealed value of each table that keeps some, to try a key on. */
async function sampleSealed(db: Database): Promise<{ what: string; sealed: string }[]> {
  const [gateway] = await db
    .select({ sealed: companyPaymentGateways.credentials })
    .from(companyPaymentGateways)
    .where(isNotNull(companyPaymentGateways.credentials))
    .limit(1);
  const [hypervisor] = await db
    .select({ sealed: companyHypervisors.sealedOptions })
    .from(companyHypervisors)
    .limit(1);
  return [
    ...(gateway?.sealed ? [{ what: 'payment-gateway credentials', sealed: gateway.sealed }] : []),
    ...(hypervisor ? [{ what: 'hypervisor options', sealed: hypervisor.sealed }] : []),
  ];
}

/**
 * The credentials key of a starting process (server.ts), checked against the database: with
 * DATABASE_URL, CREDENTIALS_KEY is required; on the embedded database the DATA_DIR key may be
 * generated, but only while nothing sealed exists (a new key would open none of it). A key that
 * does not open what is stored stops the start too, naming CREDENTIALS_KEY, not at the first
 * payment.
 */
export async function loadCredentialsKey(db: Database, config: KeyConfig): Promise<Buffer> {
  const sealed = await sampleSealed(db);
  const configured = config.credentialsKey ?? (config.databaseUrl ? null : readKeyFile(config));
  if (!configured && config.databaseUrl) {
    const legacy = fs.existsSync(keyFile(config))
      ? ` An earlier version kept this deployment's key in ${keyFile(config)}: set CREDENTIALS_KEY to its content (base64) on every process.`
      : '';
    throw new ConfigError(KEY_REQUIRED_WITH_DATABASE_URL + legacy);
  }
  if (!configured && sealed.length) {
    throw new ConfigError(
      `The database holds sealed ${sealed.map((entry) => entry.what).join(' and ')} but there is ` +
        `no key to open them: set CREDENTIALS_KEY to the key they were sealed with, or restore ` +
        `${keyFile(config)}.`,
    );
  }
  const key = configured ?? resolveCredentialsKey(config);
  for (const entry of sealed) {
    try {
      openCredentials(key, entry.sealed);
    } catch (error) {
      if (!(error instanceof CredentialsUnreadable)) throw error;
      throw new ConfigError(
        `${config.credentialsKey ? 'CREDENTIALS_KEY' : `The key in ${keyFile(config)}`} does not ` +
          `open the ${entry.what} stored in the database: set CREDENTIALS_KEY to the key they ` +
          `were sealed with (README, "Rotating the secrets").`,
      );
    }
  }
  return key;
}
