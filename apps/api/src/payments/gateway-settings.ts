import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { TtlCache } from '../lib/ttl-cache';
import { companyPaymentGateways } from '../db/schema/payments';
import { openCredentials, sealCredentials } from '../lib/credentials-cipher';
import type { GatewaySettings } from './gateway';
import { findGateway } from './registry';

/**
 * The gateways a company can take payments with: enabled, known to the registry, and holding
 * every credential the adapter needs. A product offers only these (ADR 016).
 */
export async function listUsableGateways(
  db: Database,
  credentialsKey: Buffer,
  companyId: number,
): Promise<string[]> {
  const rows = await companyRows(db, companyId);
  return rows.filter((row) => toSettings(credentialsKey, row) !== null).map((row) => row.gateway);
}

type Row = typeof companyPaymentGateways.$inferSelect;

/**
 * A company's gateway rows, kept for a few seconds: every product page and every notification
 * asks for them. A change saved by this process takes effect at once; one saved by another
 * process (or directly in the database) within SETTINGS_CACHE_MS.
 */
const SETTINGS_CACHE_MS = 10_000;
const rowCaches = new WeakMap<Database, TtlCache<number, Row[]>>();

function companyRows(db: Database, companyId: number): Promise<Row[]> {
  let cache = rowCaches.get(db);
  if (!cache) {
    cache = new TtlCache<number, Row[]>(SETTINGS_CACHE_MS);
    rowCaches.set(db, cache);
  }
  return cache.get(companyId, () =>
    db.select().from(companyPaymentGateways).where(eq(companyPaymentGateways.companyId, companyId)),
  );
}

function toSettings(credentialsKey: Buffer, row: Row): GatewaySettings | null {
  const gateway = findGateway(row.gateway);
  if (!gateway || !row.isEnabled) return null;
  const credentials = row.credentials ? openCredentials(credentialsKey, row.credentials) : {};
  if (gateway.requiredCredentials.some((name) => !credentials[name])) return null;
  if (gateway.requiredSettings?.some((name) => !row.settings[name])) return null;
  return {
    isTest: row.isTest,
    baseUrl: (row.baseUrl ?? gateway.defaultBaseUrl[row.isTest ? 'test' : 'live']).replace(
      /\/$/,
      '',
    ),
    credentials,
    settings: row.settings,
  };
}

/** One gateway's settings for a company, decrypted, or null when it cannot take payments. */
export async function loadGatewaySettings(
  db: Database,
  credentialsKey: Buffer,
  companyId: number,
  gateway: string,
): Promise<GatewaySettings | null> {
  const row = (await companyRows(db, companyId)).find((candidate) => candidate.gateway === gateway);
  return row ? toSettings(credentialsKey, row) : null;
}

/** Writes (or replaces) a company's settings of one gateway, sealing the credentials. */
export async function saveGatewaySettings(
  db: Database,
  credentialsKey: Buffer,
  companyId: number,
  gateway: string,
  values: {
    isEnabled?: boolean;
    isTest: boolean;
    baseUrl?: string | null;
    credentials: Record<string, string>;
    settings?: Record<string, string>;
  },
): Promise<void> {
  const row = {
    companyId,
    gateway,
    isEnabled: values.isEnabled ?? true,
    isTest: values.isTest,
    baseUrl: values.baseUrl ?? null,
    credentials: sealCredentials(credentialsKey, values.credentials),
    settings: values.settings ?? {},
    updatedAt: new Date(),
  };
  await db
    .insert(companyPaymentGateways)
    .values(row)
    .onConflictDoUpdate({
      target: [companyPaymentGateways.companyId, companyPaymentGateways.gateway],
      set: row,
    });
  rowCaches.get(db)?.clear();
}
