import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-app';
import { ConfigError } from '../config';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { companies } from '../db/schema/company';
import { companyHypervisors } from '../db/schema/hypervisors';
import { companyPaymentGateways } from '../db/schema/payments';
import { saveHypervisorOptions } from '../hypervisors/company-hypervisors';
import { loadCredentialsKey, resolveCredentialsKey } from './credentials-key';
import { saveGatewaySettings } from '../payments/gateway-settings';

const DATABASE_URL = 'postgres://portal@db.example/portal';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let companyId: number;
const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-key-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  const [company] = await database.db
    .insert(companies)
    .values({ slug: 'key-co', name: 'Key Co', portalUrl: 'https://key.example' })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(async () => {
  await dispose();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(companyPaymentGateways);
  await database.db.delete(companyHypervisors);
});

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected the start to be refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    },
  );

describe('the credentials key with DATABASE_URL', () => {
  it('is required, even on an empty database, and never generated', async () => {
    const dataDir = freshDataDir();
    const message = await refusal(
      loadCredentialsKey(database.db, { databaseUrl: DATABASE_URL, dataDir }),
    );
    expect(message).toMatch(/^CREDENTIALS_KEY is required with DATABASE_URL/);
    expect(() => resolveCredentialsKey({ databaseUrl: DATABASE_URL, dataDir })).toThrow(
      ConfigError,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("names an earlier version's DATA_DIR key without printing it", async () => {
    const dataDir = freshDataDir();
    const earlier = randomBytes(32).toString('base64url');
    fs.writeFileSync(path.join(dataDir, 'credentials-key'), earlier);
    const message = await refusal(
      loadCredentialsKey(database.db, { databaseUrl: DATABASE_URL, dataDir }),
    );
    expect(message).toContain(path.join(dataDir, 'credentials-key'));
    expect(message).not.toContain(earlier);
  });

  it('is taken from the configuration when it opens what is sealed, refused when not', async () => {
    const key = randomBytes(32);
    await saveGatewaySettings(database.db, key, companyId, 'PayFast Payment', {
      isTest: true,
      credentials: { merchantKey: 'secret-merchant-key' },
    });
    await saveHypervisorOptions(database.db, key, companyId, 'libvirt', {
      uri: 'test:///default',
      serviceTypes: ['Open Nebula'],
    });
    const config = { databaseUrl: DATABASE_URL, dataDir: freshDataDir() };
    expect(await loadCredentialsKey(database.db, { ...config, credentialsKey: key })).toEqual(key);
    const message = await refusal(
      loadCredentialsKey(database.db, { ...config, credentialsKey: randomBytes(32) }),
    );
    expect(message).toMatch(/^CREDENTIALS_KEY does not open the payment-gateway credentials/);
    expect(message).not.toContain('secret-merchant-key');
  });
});

describe('the credentials key on the embedded database', () => {
  it('is generated into DATA_DIR while nothing is sealed, then kept', async () => {
    const dataDir = freshDataDir();
    const key = await loadCredentialsKey(database.db, { dataDir });
    expect(key).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'credentials-key')).mode & 0o777).toBe(0o600);
    expect(await loadCredentialsKey(database.db, { dataDir })).toEqual(key);
  });

  it('is not generated where sealed credentials exist: the start is refused naming the key', async () => {
    await saveHypervisorOptions(database.db, randomBytes(32), companyId, 'libvirt', {
      uri: 'test:///default',
      serviceTypes: ['Open Nebula'],
    });
    const dataDir = freshDataDir();
    const message = await refusal(loadCredentialsKey(database.db, { dataDir }));
    expect(message).toMatch(/hypervisor options .*set CREDENTIALS_KEY/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
