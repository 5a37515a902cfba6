import type { FastifyRequest } from 'fastify';
import { normalizeOrigin } from '@cloud-portal/contract/validation/website-url';

/**
 * The site origin a request speaks for: the payload's websiteUrl/customerUrl when given, else the
 * Origin header, else the address the request was sent to.
 */
export function requestOrigin(request: FastifyRequest, namedUrl?: string): string | null {
  if (namedUrl) return normalizeOrigin(namedUrl);
  const originHeader = request.headers.origin;
  if (originHeader && originHeader !== 'null') return normalizeOrigin(originHeader);
  return normalizeOrigin(`${request.protocol}://${request.host}`);
}
