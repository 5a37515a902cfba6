import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@cloud-portal/contract/accounts/session';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { AppError } from '../../errors';
import type { CustomerResolver } from '../../http/request-context';
import { ACCESS_COOKIE } from '../../http/session-cookie-names';
import { safeEqual } from '../../lib/tokens';
import { csrfTokenFor, verifyAccessToken } from './crypto-tokens';
import type { CustomerCaches } from './customer-caches';

/** A state-changing call must echo its session's CSRF token (another site cannot read it). */
export function checkCsrfHeader(request: FastifyRequest, secret: string, sessionId: string): void {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, csrfTokenFor(secret, sessionId))) {
    throw new AppError(403, accountTexts.csrfFailed);
  }
}

/**
 * How the request context recognises a customer (ADR 027): the signed access cookie, checked
 * without a database read, then the live session it names from the customer caches (ADR 021).
 */
export function createCustomerResolver(deps: {
  customerCaches: CustomerCaches;
  sessionSecret: string;
}): CustomerResolver {
  return {
    readCredentials(request) {
      const token = request.cookies[ACCESS_COOKIE];
      return token ? verifyAccessToken(deps.sessionSecret, token) : null;
    },
    findLiveSession: (credentials) => deps.customerCaches.findLiveSession(credentials),
    checkCsrf: (request, sessionId) => checkCsrfHeader(request, deps.sessionSecret, sessionId),
  };
}
