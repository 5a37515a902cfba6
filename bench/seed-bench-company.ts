// Prepares the benchmark's database before the portal starts on it: migrations, the demo
// companies, and a company with BENCH_PRODUCTS (10,000) products on BENCH_ORIGIN.
import { loadConfig } from '../apps/api/src/config';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { seedBenchCompany } from './bench-company';
import { migrateAndSeedDemo } from '../apps/api/src/db/seed/migrate-and-seed-demo';

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await migrateAndSeedDemo(handle, config);
  const started = Date.now();
  await seedBenchCompany(handle.db, {
    origin: process.env.BENCH_ORIGIN!,
    productCount: Number(process.env.BENCH_PRODUCTS ?? 10_000),
  });
  console.log(`seeded the bench company in ${Date.now() - started} ms`);
} finally {
  await handle.close();
}
