import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies } from '../db/schema/company';
import { staffMemberships } from '../db/schema/staff';
import { createOwnerEnrolment } from '../modules/operator/create-owner';
import { findStaffByEmail, isEnrolled } from '../modules/operator/staff-accounts';

export type DemoOwnerLink = { email: string; companyName: string; url: string; expiresAt: Date };

/**
 * The demo's operator: owner@<the main demo company's mail domain>, owner of every demo company
 * (so the console's company switcher shows). Until they have enrolled, each seed makes a new
 * one-time enrolment link, which the first start prints; an enrolled owner is left alone.
 */
export async function seedDemoOwner(db: Database, slugs: string[]): Promise<DemoOwnerLink | null> {
  const rows = [];
  for (const slug of slugs) {
    const [company] = await db.select().from(companies).where(eq(companies.slug, slug));
    if (company) rows.push(company);
  }
  const [main, ...others] = rows;
  if (!main) return null;
  const domain = (main.email ?? '').split('@')[1] || `${main.slug}.example`;
  const email = `owner@${domain}`;
  const existing = await findStaffByEmail(db, email);
  let link: DemoOwnerLink | null = null;
  if (!existing || !isEnrolled(existing)) {
    const owner = await createOwnerEnrolment(db, main.id, email);
    link = { email, companyName: main.name, url: owner.url, expiresAt: owner.expiresAt };
  }
  const staffId = (await findStaffByEmail(db, email))!.id;
  for (const company of others)
    await db
      .insert(staffMemberships)
      .values({ staffId, companyId: company.id, role: 'owner' })
      .onConflictDoNothing();
  return link;
}

export function describeDemoOwnerLink(link: DemoOwnerLink): string {
  return (
    `Operator console: the demo owner ${link.email} (${link.companyName}) sets a password and an ` +
    `authenticator app once at\n  ${link.url}\n(valid until ${link.expiresAt.toISOString()}; ` +
    `afterwards sign in at /operator/login).`
  );
}
