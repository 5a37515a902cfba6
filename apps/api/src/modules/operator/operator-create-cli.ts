// `npm run operator:create -- --company <slug> --email <address>`: makes the address an owner of
// the company (the staff member created when new) and prints a one-time enrolment link (24 hours)
// to /operator/enrol/<token> on the company's first origin (README, "The operator console").
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { zAccountEmail } from '@cloud-portal/contract/accounts/account-fields';
import { loadConfig } from '../../config';
import { migrateDatabase } from '../../db/migrate';
import { openConfiguredDatabase } from '../../db/open-configured-database';
import { companies } from '../../db/schema/company';
import { createOwnerEnrolment } from './create-owner';

const USAGE = 'usage: npm run operator:create -- --company <slug> --email <address>';

let values: { company?: string; email?: string };
try {
  ({ values } = parseArgs({
    options: { company: { type: 'string' }, email: { type: 'string' } },
    strict: true,
  }));
} catch {
  console.error(USAGE);
  process.exit(2);
}
const email = zAccountEmail.safeParse(values.email ?? '');
if (!values.company || !email.success) {
  console.error(values.company && values.email ? `Not an email address: ${values.email}` : USAGE);
  process.exit(2);
}

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  // A new deployment may run this before its first start.
  await migrateDatabase(handle);
  const [company] = await handle.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.slug, values.company));
  if (!company) {
    console.error(`No company with the slug ${values.company}.`);
    process.exitCode = 1;
  } else {
    const owner = await createOwnerEnrolment(handle.db, company.id, email.data);
    console.log(
      `${owner.created ? 'Created' : 'Found'} staff member ${email.data}, owner of ${company.name}.\n` +
        `One-time enrolment link (until ${owner.expiresAt.toISOString()}):\n${owner.url}`,
    );
  }
} finally {
  await handle.close();
}
