import type { FastifyRequest } from 'fastify';
import { normalizeOrigin } from '@cloud-portal/contract/validation/origin';
import type { Company } from './company-directory';

/**
 * The site origin a request speaks for: the payload's websiteUrl/customerUrl when given (already
 * normalised by `zWebsiteUrl`), else the Origin header, else the address the request was sent to.
 */
export function requestOrigin(request: FastifyRequest, namedOrigin?: string): string | null {
  if (namedOrigin) return namedOrigin;
  const originHeader = request.headers.origin;
  if (originHeader && originHeader !== 'null') return normalizeOrigin(originHeader);
  return normalizeOrigin(`${request.protocol}://${request.host}`);
}

/** The site to send the customer back to and show in their order: the request's, else the company's portal. */
export function siteOrigin(request: FastifyRequest, company: Company): string {
  return requestOrigin(request) ?? company.portalUrl;
}
