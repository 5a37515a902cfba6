import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import {
  companies,
  companyAddresses,
  companyDomains,
  countries,
  productServiceClouds,
} from '../db/schema/company';
import { news } from '../db/schema/content';
import { hasAnyCompany, seedDemoCompanies, seedReferenceData } from './seed';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-seed-'));
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
});
afterAll(async () => {
  await dispose();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function counts() {
  const total = async (table: PgTable) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    companies: await total(companies),
    domains: await total(companyDomains),
    addresses: await total(companyAddresses),
    clouds: await total(productServiceClouds),
    news: await total(news),
    countries: await total(countries),
  };
}

describe('the demo seed', () => {
  it('creates both companies, their origins and files, and is idempotent', async () => {
    expect(await hasAnyCompany(database.db)).toBe(false);
    const options = { publicUrl: 'http://localhost:4010', port: 4010, uploadsDir };
    await seedReferenceData(database.db);
    await seedDemoCompanies(database.db, options);
    const first = await counts();
    expect(first).toMatchObject({ companies: 2, domains: 3, addresses: 6, news: 5, countries: 12 });

    await seedReferenceData(database.db);
    await seedDemoCompanies(database.db, options);
    expect(await counts()).toEqual(first);

    const origins = (await database.db.select().from(companyDomains))
      .map((row) => row.origin)
      .sort();
    expect(origins).toEqual([
      'http://127.0.0.1:4010',
      'http://127.0.0.2:4010',
      'http://localhost:4010',
    ]);
    expect(fs.existsSync(path.join(uploadsDir, 'demo', 'nimbus-logo.svg'))).toBe(true);
    expect(fs.existsSync(path.join(uploadsDir, 'demo-two', 'baobab-logo.svg'))).toBe(true);
    const terms = fs.readFileSync(path.join(uploadsDir, 'demo-two', 'terms.pdf'));
    expect(terms.subarray(0, 5).toString()).toBe('%PDF-');
    expect(terms.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
  });
});
