// Prepares the benchmark's database before the portal starts on it: migrations, the demo
// companies, and a company with BENCH_PRODUCTS (10,000) products on BENCH_ORIGIN.
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { seedDemoCompanies, seedReferenceData } from '../apps/api/src/db/seed/seed';
import { seedBenchCompany } from '../apps/api/src/db/seed/bench-company';

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
  const started = Date.now();
  await seedBenchCompany(handle.db, {
    origin: process.env.BENCH_ORIGIN!,
    productCount: Number(process.env.BENCH_PRODUCTS ?? 10_000),
  });
  console.log(`seeded the bench company in ${Date.now() - started} ms`);
} finally {
  await handle.close();
}
