import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured-database';
import { migrateAndSeedDemo } from './migrate-and-seed-demo';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await migrateAndSeedDemo(handle, config);
  console.log(`Seeded the demo companies into the ${handle.kind} database.`);
} finally {
  await handle.close();
}
