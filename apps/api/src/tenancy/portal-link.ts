import type { Company } from './company-directory';

/** A link into the company's portal carrying a link token (`/newsletter?token=…`). */
export function portalLink(company: Company, pathName: string, token: string): string {
  const url = new URL(pathName, company.portalUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
