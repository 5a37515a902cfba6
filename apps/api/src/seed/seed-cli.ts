import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured-database';
import { migrateAndSeedDemo } from './migrate-and-seed-demo';
import { describeDemoOwnerLink } from './demo-owner';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  const owner = await migrateAndSeedDemo(handle, config);
  console.log(`Seeded the demo companies into the ${handle.kind} database.`);
  if (owner) console.log(describeDemoOwnerLink(owner));
} finally {
  await handle.close();
}
