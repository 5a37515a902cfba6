import path from 'node:path';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { seedDemoCompanies, seedReferenceData } from './seed';

/** Migrations, reference data and the demo companies: what `npm run db:seed` and the bench need. */
export async function migrateAndSeedDemo(handle: DatabaseHandle, config: Config): Promise<void> {
  await migrateDatabase(handle);
  await seedReferenceData(handle.db);
  await seedDemoCompanies(handle.db, {
    publicUrl: config.publicUrl,
    port: config.port,
    uploadsDir: path.join(config.dataDir, 'uploads'),
  });
}
