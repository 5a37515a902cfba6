import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { companies } from '../db/schema/company';
import { publicAddresses } from '../db/schema/virtual-machines';
import { demoPublicAddresses } from './demo-public-addresses';
import { seedDemoCompanies, seedReferenceData } from './seed';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-seed-ip-'));
const options = { publicUrl: 'http://localhost:4011', port: 4011, uploadsDir };

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  await seedReferenceData(database.db);
});
afterAll(async () => {
  await dispose();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const poolOf = async (slug: string) =>
  database.db
    .select({
      address: publicAddresses.address,
      vmId: publicAddresses.vmId,
      hostName: publicAddresses.hostName,
    })
    .from(publicAddresses)
    .innerJoin(companies, eq(companies.id, publicAddresses.companyId))
    .where(eq(companies.slug, slug))
    .orderBy(asc(publicAddresses.id));

describe('the demo public address pools', () => {
  it('are eight documentation addresses per demo company, and none elsewhere', () => {
    expect(demoPublicAddresses('demo')).toEqual(
      Array.from({ length: 8 }, (_, index) => `203.0.113.${10 + index}`),
    );
    expect(demoPublicAddresses('demo-two')[0]).toBe('198.51.100.10');
    expect(demoPublicAddresses('demo-two')).toHaveLength(8);
    expect(demoPublicAddresses('someone-else')).toEqual([]);
  });

  it('are written free, once, and a second seed changes nothing', async () => {
    await seedDemoCompanies(database.db, options);
    const first = await poolOf('demo');
    expect(first.map((row) => row.address)).toEqual(demoPublicAddresses('demo'));
    expect(first.every((row) => row.vmId === null)).toBe(true);
    expect((await poolOf('demo-two')).map((row) => row.address)).toEqual(
      demoPublicAddresses('demo-two'),
    );

    // What happened to an address since (a forwarding written) survives the next seed.
    await database.db
      .update(publicAddresses)
      .set({ hostName: 'kept' })
      .where(eq(publicAddresses.address, '203.0.113.12'));
    await seedDemoCompanies(database.db, options);
    const second = await poolOf('demo');
    expect(second).toHaveLength(8);
    expect(second.find((row) => row.address === '203.0.113.12')?.hostName).toBe('kept');
    expect(await poolOf('demo-two')).toHaveLength(8);
  });
});
