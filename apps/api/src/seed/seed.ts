import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import {
  companies,
  companyAddresses,
  companyDomains,
  countries,
  menuItems,
  partnerClouds,
  productServiceClouds,
  productServices,
} from '../db/schema/company';
import { news } from '../db/schema/content';
import { writeDemoCatalogue } from './write-demo-catalogue';
import { COUNTRIES } from './countries';
import { buildDemoCompanies, type DemoCompany } from './demo-companies';
import { writeDemoPolicyPdf } from './demo-documents';
import { writeDemoGateways } from './demo-gateways';
import { writeDemoPublicAddresses } from './demo-public-addresses';
import { writeDemoTicketIssueTypes } from './demo-ticket-issue-types';
import { resolveCredentialsKey } from '../lib/credentials-key';

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

/** Countries are reference data every deployment needs; kept up to date at every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(countries)
    .values(COUNTRIES)
    .onConflictDoUpdate({
      target: countries.isoCode,
      set: {
        name: sql`excluded.name`,
        dialCode: sql`excluded.dial_code`,
        mobileMinLength: sql`excluded.mobile_min_length`,
        mobileMaxLength: sql`excluded.mobile_max_length`,
        currency: sql`excluded.currency`,
        taxBasisPoints: sql`excluded.tax_basis_points`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

export async function hasAnyCompany(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(companies);
  return (row?.total ?? 0) > 0;
}

/** With `dataDir` (or a `credentialsKey`), the demo gateways are written too. */
export type DemoSeedOptions = Pick<Config, 'publicUrl' | 'port' | 'uploadsDir'> &
  Partial<Pick<Config, 'dataDir' | 'credentialsKey'>>;

/**
 * Writes the demo companies. Idempotent: a second run leaves the same rows (the demo companies'
 * content is replaced, their ids are kept, other companies are untouched).
 */
export async function seedDemoCompanies(db: Database, options: DemoSeedOptions): Promise<void> {
  const demos = buildDemoCompanies(options);
  for (const demo of demos) await writeFiles(demo, options.uploadsDir);
  const credentialsKey =
    options.credentialsKey ??
    (options.dataDir
      ? resolveCredentialsKey({ ...options, dataDir: options.dataDir } as Config)
      : null);
  await db.transaction(async (tx) => {
    for (const demo of demos) {
      const companyId = await writeDemoCompany(tx as unknown as Database, demo);
      await writeDemoPublicAddresses(tx as unknown as Database, companyId, demo.company.slug);
      await writeDemoTicketIssueTypes(tx as unknown as Database, companyId, demo.company.slug);
      if (credentialsKey)
        await writeDemoGateways(tx as unknown as Database, credentialsKey, companyId);
    }
  });
}

async function writeDemoCompany(db: Database, demo: DemoCompany): Promise<number> {
  const [company] = await db
    .insert(companies)
    .values(demo.company)
    .onConflictDoUpdate({ target: companies.slug, set: demo.company })
    .returning({ id: companies.id });
  if (!company) throw new Error(`Could not write demo company ${demo.company.slug}`);
  const companyId = company.id;

  for (const origin of demo.origins) {
    await db
      .insert(companyDomains)
      .values({ companyId, origin })
      .onConflictDoUpdate({ target: companyDomains.origin, set: { companyId } });
  }

  await db.delete(companyAddresses).where(eq(companyAddresses.companyId, companyId));
  await db.delete(menuItems).where(eq(menuItems.companyId, companyId));
  await db.delete(productServices).where(eq(productServices.companyId, companyId));
  await db.delete(partnerClouds).where(eq(partnerClouds.companyId, companyId));
  await db.delete(news).where(eq(news.companyId, companyId));

  const withCompany = <T extends object>(rows: T[]) => rows.map((row) => ({ ...row, companyId }));
  if (demo.addresses.length) await db.insert(companyAddresses).values(withCompany(demo.addresses));
  if (demo.menuItems.length) await db.insert(menuItems).values(withCompany(demo.menuItems));
  if (demo.partnerClouds.length)
    await db.insert(partnerClouds).values(withCompany(demo.partnerClouds));
  if (demo.news.length) await db.insert(news).values(withCompany(demo.news));
  for (const { clouds, ...service } of demo.productServices) {
    const [row] = await db
      .insert(productServices)
      .values({ ...service, companyId })
      .returning({ id: productServices.id });
    if (row && clouds.length) {
      await db
        .insert(productServiceClouds)
        .values(clouds.map((cloud) => ({ ...cloud, productServiceId: row.id })));
    }
  }
  await writeDemoCatalogue(db, companyId, demo.catalogue);
  return companyId;
}

async function writeFiles(demo: DemoCompany, uploadsDir: string): Promise<void> {
  const target = path.join(uploadsDir, demo.company.slug);
  fs.mkdirSync(target, { recursive: true });
  for (const file of demo.assets)
    fs.copyFileSync(path.join(assetsDir, file), path.join(target, file));
  for (const document of demo.documents) {
    await writeDemoPolicyPdf(path.join(target, document.file), {
      companyName: demo.company.name,
      ...document,
    });
  }
}
