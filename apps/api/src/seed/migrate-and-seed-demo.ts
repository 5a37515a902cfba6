import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoCompanies, seedReferenceData, type DemoSeedOptions } from './seed';

/** Migrations and the reference data (countries): every start of every process. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  await seedReferenceData(handle.db);
}

/** Migrations, reference data and the demo companies: `npm run db:seed`, tests and the bench. */
export async function migrateAndSeedDemo(handle: DatabaseHandle, config: DemoSeedOptions | Config) {
  await prepareDatabase(handle);
  return seedDemoCompanies(handle.db, config);
}
