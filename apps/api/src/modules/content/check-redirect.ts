import { eq } from 'drizzle-orm';
import { normalizeOrigin } from '@cloud-portal/contract/validation/origin';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { Database } from '../../db/client';
import { companyDomains, menuItems, partnerClouds, productServices } from '../../db/schema/company';
import { AppError } from '../../errors';
import type { Company } from '../../tenancy/company-directory';

/**
 * The redirect helper page may follow a link only to this portal or to an address the company
 * itself configured: its origins, its website, Benefits links, business-unit redirect addresses
 * and partner clouds. Anything else is an open redirect and is refused.
 */
export async function checkRedirect(
  db: Database,
  company: Company,
  rawUrl: string,
): Promise<string> {
  let target: URL;
  try {
    target = new URL(rawUrl, company.portalUrl);
  } catch {
    throw new AppError(403, messages.redirectNotAllowed);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new AppError(403, messages.redirectNotAllowed);
  if (target.username || target.password) throw new AppError(403, messages.redirectNotAllowed);

  const allowed = new Set(await allowedOrigins(db, company));
  if (!allowed.has(target.origin.toLowerCase()))
    throw new AppError(403, messages.redirectNotAllowed);
  return target.toString();
}

async function allowedOrigins(db: Database, company: Company): Promise<string[]> {
  const [domains, menus, services, partners] = await Promise.all([
    db
      .select({ url: companyDomains.origin })
      .from(companyDomains)
      .where(eq(companyDomains.companyId, company.id)),
    db.select({ url: menuItems.url }).from(menuItems).where(eq(menuItems.companyId, company.id)),
    db
      .select({ url: productServices.redirectUrl })
      .from(productServices)
      .where(eq(productServices.companyId, company.id)),
    db
      .select({ url: partnerClouds.websiteUrl })
      .from(partnerClouds)
      .where(eq(partnerClouds.companyId, company.id)),
  ]);
  return [
    company.portalUrl,
    company.websiteUrl,
    ...[...domains, ...menus, ...services, ...partners].map((row) => row.url),
  ]
    .filter((url): url is string => Boolean(url))
    .map(normalizeOrigin)
    .filter((origin): origin is string => origin !== null);
}
