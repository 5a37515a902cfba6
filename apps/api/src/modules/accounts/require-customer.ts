import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@cloud-portal/contract/accounts/session';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { normalizeOrigin } from '@cloud-portal/contract/validation/origin';
import { AppError } from '../../errors';
import type { Company, CompanyDirectory } from '../../tenancy/company-directory';
import { resolveCompany } from '../../tenancy/resolve-company';
import { safeEqual } from '../../lib/tokens';
import { csrfTokenFor, verifyAccessToken, type AccessClaims } from './crypto-tokens';
import { ACCESS_COOKIE } from '../../http/session-cookie-names';
import type { Customer, Session } from './sessions';
import type { CustomerCaches } from './customer-caches';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireCustomer on authenticated routes. */
    customer?: Customer;
    session?: Session;
    company?: Company;
    accessExpiresAt?: Date;
  }
}

/** The access cookie's claims; an expired one answers 401 so the browser renews and asks again. */
function readAccessClaims(secret: string, request: FastifyRequest): AccessClaims | null {
  const token = request.cookies[ACCESS_COOKIE];
  if (!token) return null;
  const claims = verifyAccessToken(secret, token);
  if (claims === 'expired')
    throw new AppError(401, accountTexts.sessionExpired, { reason: 'access-token-expired' });
  return claims;
}

/** A state-changing call must echo its session's CSRF token (another site cannot read it). */
export function checkCsrfHeader(request: FastifyRequest, secret: string, sessionId: string): void {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, csrfTokenFor(secret, sessionId))) {
    throw new AppError(403, accountTexts.csrfFailed);
  }
}

/** The site origins a body names (`websiteUrl`, `customerUrl`); blank ones name nothing. */
function namedOrigins(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null) return [];
  const { websiteUrl, customerUrl } = body as Record<string, unknown>;
  return [websiteUrl, customerUrl].filter(
    (value) =>
      value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === ''),
  );
}

/**
 * The hook of every authenticated call, registered as `preValidation` so that it sees the body as
 * sent (the body schema drops fields it does not declare): a valid access cookie of a live
 * session, a session of the company this site belongs to, no body naming another company's site
 * (`websiteUrl`/`customerUrl`; 403 either way), and, for anything but GET, the session's CSRF
 * token in the X-CSRF-Token header. Leaves the customer, the session, the company and the access
 * token's expiry on the request.
 */
export function requireCustomer(deps: {
  customerCaches: CustomerCaches;
  companies: CompanyDirectory;
  sessionSecret: string;
}) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // A customer's own data is never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    const claims = readAccessClaims(deps.sessionSecret, request);
    if (!claims) throw new AppError(401, accountTexts.notLoggedIn);

    const company = await resolveCompany(deps.companies, request);
    if (company.id !== claims.companyId) throw new AppError(403, accountTexts.otherCompany);
    for (const named of namedOrigins(request.body)) {
      const origin = typeof named === 'string' ? normalizeOrigin(named) : null;
      const namedCompany = origin === null ? null : await deps.companies.findByOrigin(origin);
      if (namedCompany?.id !== company.id) throw new AppError(403, accountTexts.otherCompany);
    }

    const live = await deps.customerCaches.findLiveSession(claims);
    if (!live) throw new AppError(401, accountTexts.sessionExpired);

    const isSafeMethod = request.method === 'GET' || request.method === 'HEAD';
    const needsCsrf =
      !isSafeMethod || (request.routeOptions.config as { csrfOnGet?: boolean }).csrfOnGet === true;
    if (needsCsrf) checkCsrfHeader(request, deps.sessionSecret, live.session.id);
    request.customer = live.customer;
    request.session = live.session;
    request.company = company;
    request.accessExpiresAt = new Date(claims.expiresAt);
  };
}

/**
 * For public calls that show more to a customer (the marketplace's prices): the customer of a
 * valid session of this company, or null for a visitor. An expired or invalid access cookie is a
 * visitor too: a public call never asks the browser to renew.
 */
export async function identifyCustomer(
  deps: { customerCaches: CustomerCaches; sessionSecret: string },
  request: FastifyRequest,
  companyId: number,
): Promise<Customer | null> {
  const token = request.cookies[ACCESS_COOKIE];
  const claims = token ? verifyAccessToken(deps.sessionSecret, token) : null;
  if (claims === null || claims === 'expired' || claims.companyId !== companyId) return null;
  const live = await deps.customerCaches.findLiveSession(claims);
  return live?.customer ?? null;
}
