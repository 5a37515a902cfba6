// `npm run hypervisor:options -- <company slug> <driver id> <options.json | ->`: saves a company's
// options for a hypervisor driver, validated by the driver and sealed under CREDENTIALS_KEY
// (ARCHITECTURE.md "Hypervisor drivers"). The options come from a file or standard input, never
// from the command line, so no credential lands in a shell's history. The portal's processes
// read them at the next operation.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured-database';
import { companies } from '../db/schema/company';
import { resolveCredentialsKey } from '../lib/credentials-key';
import { saveHypervisorOptions } from './company-hypervisors';
import { InvalidHypervisorOptions } from './provider';
import { listDriverIds, UnknownHypervisorDriver } from './registry';

const USAGE =
  'usage: npm run hypervisor:options -- <company slug> <driver id> <options.json | ->\n' +
  `drivers: ${listDriverIds().join(', ')}`;

const [slug, driverId, source] = process.argv.slice(2);
if (!slug || !driverId || !source) {
  console.error(USAGE);
  process.exit(2);
}

let options: Record<string, unknown>;
try {
  const parsed: unknown = JSON.parse(fs.readFileSync(source === '-' ? 0 : source, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
  options = parsed as Record<string, unknown>;
} catch {
  // Not the parser's message: it quotes the input, which holds credentials.
  console.error('Could not read the options as a JSON object.');
  process.exit(2);
}

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  const [company] = await handle.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.slug, slug));
  if (!company) throw new Error(`No company with the slug ${slug}.`);
  await saveHypervisorOptions(
    handle.db,
    resolveCredentialsKey(config),
    company.id,
    driverId,
    options,
  );
  console.log(
    `Saved ${company.name}'s ${driverId} options (sealed) in the ${handle.kind} database.`,
  );
} catch (error) {
  // The driver's message names the bad fields, never their values.
  if (error instanceof InvalidHypervisorOptions || error instanceof UnknownHypervisorDriver) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}
