import path from 'node:path';
import { loadConfig } from '../../config';
import { migrateDatabase } from '../migrate';
import { openConfiguredDatabase } from '../open-configured-database';
import { seedDemoCompanies, seedReferenceData } from './seed';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await migrateDatabase(handle);
  await seedReferenceData(handle.db);
  await seedDemoCompanies(handle.db, {
    publicUrl: config.publicUrl,
    port: config.port,
    uploadsDir: path.join(config.dataDir, 'uploads'),
  });
  console.log(`Seeded the demo companies into the ${handle.kind} database.`);
} finally {
  await handle.close();
}
