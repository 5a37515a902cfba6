import { loadConfig } from '../config';
import { migrateDatabase } from './migrate';
import { openConfiguredDatabase } from './open-configured-database';

const handle = await openConfiguredDatabase(loadConfig());
try {
  await migrateDatabase(handle);
  console.log(`Migrated the ${handle.kind} database.`);
} finally {
  await handle.close();
}
