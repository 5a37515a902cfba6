import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { companies } from '../db/schema/company';
import { companyPaymentGateways } from '../db/schema/payments';
import {
  loadAllHypervisorOptions,
  saveHypervisorOptions,
} from '../hypervisors/company-hypervisors';
import { CredentialsUnreadable, openCredentials } from '../lib/credentials-cipher';
import { loadCredentialsKey } from '../lib/credentials-key';
import { saveGatewaySettings } from './gateway-settings';
import { resealCredentials } from './reseal-credentials';

const OPTIONS = { uri: 'test:///default', serviceTypes: ['Open Nebula'] };
let database: DatabaseHandle;
let dispose: () => Promise<void>;
let companyId: number;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  const [company] = await database.db
    .insert(companies)
    .values({ slug: 'reseal-co', name: 'Reseal Co', portalUrl: 'https://reseal.example' })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(() => dispose());

describe('resealCredentials', () => {
  it('moves every sealed value to the new key, or none when the old key is wrong', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    await saveGatewaySettings(database.db, oldKey, companyId, 'PayFast Payment', {
      isTest: true,
      credentials: { merchantKey: 'merchant-key-1' },
    });
    await saveGatewaySettings(database.db, oldKey, companyId, 'Ozow Payment', {
      isTest: true,
      credentials: { apiKey: 'api-key-2' },
    });
    await saveHypervisorOptions(database.db, oldKey, companyId, 'libvirt', OPTIONS);
    const before = await database.db.select().from(companyPaymentGateways);

    await expect(resealCredentials(database.db, randomBytes(32), newKey)).rejects.toBeInstanceOf(
      CredentialsUnreadable,
    );
    expect(await database.db.select().from(companyPaymentGateways)).toEqual(before);

    expect(await resealCredentials(database.db, oldKey, newKey)).toEqual({
      gateways: 2,
      hypervisors: 1,
    });
    const after = await database.db.select().from(companyPaymentGateways);
    expect(
      Object.fromEntries(
        after.map((row) => [row.gateway, openCredentials(newKey, row.credentials!)]),
      ),
    ).toEqual({
      'PayFast Payment': { merchantKey: 'merchant-key-1' },
      'Ozow Payment': { apiKey: 'api-key-2' },
    });
    expect(() => openCredentials(oldKey, after[0]!.credentials!)).toThrow(CredentialsUnreadable);
    expect(await loadAllHypervisorOptions(database.db, newKey, companyId)).toMatchObject({
      libvirt: OPTIONS,
    });
    // A process starting with the new key starts; with the old one it is refused.
    const config = { databaseUrl: 'postgres://db.example/portal', dataDir: '/nonexistent' };
    expect(await loadCredentialsKey(database.db, { ...config, credentialsKey: newKey })).toEqual(
      newKey,
    );
    await expect(
      loadCredentialsKey(database.db, { ...config, credentialsKey: oldKey }),
    ).rejects.toThrow(/does not open/);
  });
});
