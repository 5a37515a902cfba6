import type { FastifyRequest } from 'fastify';
import { normalizeOrigin } from '@cloud-portal/contract/validation/origin';

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
