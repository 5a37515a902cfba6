import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { normalizeOrigin } from '@cloud-portal/contract/validation/origin';
import { messages } from '@cloud-portal/contract/validation/messages';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { AppError } from '../errors';
import type { customers, sessions } from '../db/schema/accounts';
import type { Company, CompanyDirectory } from '../tenancy/company-directory';
import type { OwnerScope } from '../tenancy/owner-scope';
import { resolveCompany } from '../tenancy/resolve-company';

/** Someone on a company's site who is not signed in. */
export type VisitorActor = { kind: 'visitor'; company: Company; companyId: number };

/** A signed-in customer of the site's company: an owner of their own rows (`OwnerScope`). */
export type CustomerActor = OwnerScope & {
  kind: 'customer';
  company: Company;
  sessionId: string;
  customer: typeof customers.$inferSelect;
  sessionExpiresAt: Date;
  accessExpiresAt: Date;
};

/**
 * A member of a company's staff acting for the company their session is in (ADR 028), allowed
 * what their role's permission keys name.
 */
export type StaffActor = {
  kind: 'staff';
  company: Company;
  companyId: number;
  staffId: number;
  permissions: ReadonlySet<string>;
  /** The client's address, for the audit log. */
  clientAddress?: string;
};

export type Actor = VisitorActor | CustomerActor | StaffActor;
export type ActorKind = Actor['kind'];
type ActorOf<K extends ActorKind> = Extract<Actor, { kind: K }>;

/** What a customer's access credentials say, checked by their signature alone. */
export type CustomerCredentials = {
  sessionId: string;
  customerId: number;
  companyId: number;
  expiresAt: number;
};

/**
 * How a customer is recognised (modules/accounts hands one in at start-up): the request's access
 * credentials, the live session they name (cached), and the session's CSRF header.
 */
export type CustomerResolver = {
  /** null without valid credentials; 'expired' when they are valid but lapsed. */
  readCredentials(request: FastifyRequest): CustomerCredentials | 'expired' | null;
  findLiveSession(credentials: CustomerCredentials): Promise<{
    session: typeof sessions.$inferSelect;
    customer: typeof customers.$inferSelect;
  } | null>;
  /** Throws 403 unless the request carries the session's CSRF token. */
  checkCsrf(request: FastifyRequest, sessionId: string): void;
};

/**
 * How a staff member is recognised (modules/operator hands one in): their live staff session, its
 * CSRF token checked when `checkCsrf` says so (403), and their membership of the session's
 * company, re-read on every call. null without a live session; 'not-member' when the session's
 * company is no longer one of theirs (removed from it).
 */
export type StaffResolver = {
  resolveStaff(
    request: FastifyRequest,
    options: { checkCsrf: boolean },
  ): Promise<StaffActor | 'not-member' | null>;
};

export type ActorResolvers = {
  companies: Pick<CompanyDirectory, 'findByOrigin'>;
  customer: CustomerResolver;
  /** None until staff sessions exist: every staff route refuses. */
  staff?: StaffResolver;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting, once a hook or `identifyActor` has recognised them; null until then. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    actorResolvers: ActorResolvers;
  }
}

/** Called once by app.ts: the resolvers every route's `requireActor` and `identifyActor` use. */
export function registerRequestContext(app: FastifyInstance, resolvers: ActorResolvers): void {
  app.decorate('actorResolvers', resolvers);
  app.decorateRequest('actor', null);
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

async function refuseOtherCompanyNamed(
  companies: ActorResolvers['companies'],
  body: unknown,
  company: Company,
): Promise<void> {
  for (const named of namedOrigins(body)) {
    const origin = typeof named === 'string' ? normalizeOrigin(named) : null;
    const namedCompany = origin === null ? null : await companies.findByOrigin(origin);
    if (namedCompany?.id !== company.id) throw new AppError(403, accountTexts.otherCompany);
  }
}

function needsCsrf(request: FastifyRequest): boolean {
  const isSafeMethod = request.method === 'GET' || request.method === 'HEAD';
  return (
    !isSafeMethod || (request.routeOptions.config as { csrfOnGet?: boolean }).csrfOnGet === true
  );
}

/**
 * A valid access cookie of a live session of this site's company, no body naming another
 * company's site (403 either way), and for anything but GET the session's CSRF header.
 */
async function recogniseCustomer(request: FastifyRequest): Promise<CustomerActor> {
  const { companies, customer: resolver } = request.server.actorResolvers;
  const credentials = resolver.readCredentials(request);
  // An expired access cookie answers 401 with a reason, so the browser renews and asks again.
  if (credentials === 'expired')
    throw new AppError(401, accountTexts.sessionExpired, { reason: 'access-token-expired' });
  if (!credentials) throw new AppError(401, accountTexts.notLoggedIn);

  const company = await resolveCompany(companies, request);
  if (company.id !== credentials.companyId) throw new AppError(403, accountTexts.otherCompany);
  await refuseOtherCompanyNamed(companies, request.body, company);

  const live = await resolver.findLiveSession(credentials);
  if (!live) throw new AppError(401, accountTexts.sessionExpired);
  if (needsCsrf(request)) resolver.checkCsrf(request, live.session.id);
  return customerActor(company, live, credentials.expiresAt);
}

function customerActor(
  company: Company,
  live: NonNullable<Awaited<ReturnType<CustomerResolver['findLiveSession']>>>,
  accessExpiresAt: number,
): CustomerActor {
  return {
    kind: 'customer',
    company,
    companyId: live.customer.companyId,
    customerId: live.customer.id,
    sessionId: live.session.id,
    customer: live.customer,
    sessionExpiresAt: live.session.expiresAt,
    accessExpiresAt: new Date(accessExpiresAt),
  };
}

/**
 * Staff act for their session's company, whichever of the provider's sites serves the console
 * (ADR 028): the site's origin does not choose the company, and a company in maintenance does not
 * lock its own staff out. A body naming another company's site is still refused.
 */
async function recogniseStaff(
  request: FastifyRequest,
  permission: string | undefined,
): Promise<StaffActor> {
  const { companies, staff: resolver } = request.server.actorResolvers;
  const staff = resolver
    ? await resolver.resolveStaff(request, { checkCsrf: needsCsrf(request) })
    : null;
  if (staff === null) throw new AppError(401, accountTexts.notLoggedIn);
  if (staff === 'not-member') throw new AppError(403, operatorTexts.notMember);
  await refuseOtherCompanyNamed(companies, request.body, staff.company);
  if (permission !== undefined && !staff.permissions.has(permission))
    throw new AppError(403, messages.notPermitted);
  return staff;
}

/** The permission key a `requireActor('staff', key)` hook checks (read by the operator route guard). */
export const STAFF_PERMISSION = Symbol('staff permission');
export type StaffHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  [STAFF_PERMISSION]?: string | null;
};

/**
 * The hook a route declares for who may call it, registered as `preValidation` so that it sees
 * the body as sent (the body schema drops fields it does not declare): `requireActor('customer')`,
 * or `requireActor('staff', 'tickets.reply')` (403 without the key). Leaves the actor on
 * `request.actor`; what is acting is never kept by a browser or proxy cache.
 */
export function requireActor(
  kind: 'customer',
): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export function requireActor(kind: 'staff', permission?: string): StaffHook;
export function requireActor(kind: 'customer' | 'staff', permission?: string) {
  const hook: StaffHook = async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    request.actor =
      kind === 'customer'
        ? await recogniseCustomer(request)
        : await recogniseStaff(request, permission);
  };
  if (kind === 'staff') hook[STAFF_PERMISSION] = permission ?? null;
  return hook;
}

/**
 * For public calls that show more to a customer (the marketplace's prices): the customer of a
 * valid session of this company, else a visitor. An expired or invalid access cookie is a visitor
 * too: a public call never asks the browser to renew. The session is looked up only when a route
 * asks, once a request.
 */
export async function identifyActor(request: FastifyRequest, company: Company): Promise<Actor> {
  if (request.actor) return request.actor;
  const resolver = request.server.actorResolvers.customer;
  const credentials = resolver.readCredentials(request);
  if (credentials !== null && credentials !== 'expired' && credentials.companyId === company.id) {
    const live = await resolver.findLiveSession(credentials);
    if (live) {
      request.actor = customerActor(company, live, credentials.expiresAt);
      return request.actor;
    }
  }
  request.actor = { kind: 'visitor', company, companyId: company.id };
  return request.actor;
}

/** The actor a route's `requireActor(kind)` recognised; a route that declared none is a bug. */
export function actorOf<K extends ActorKind>(request: FastifyRequest, kind: K): ActorOf<K> {
  const actor = request.actor;
  if (actor?.kind !== kind) throw new Error(`This route does not declare requireActor('${kind}')`);
  return actor as ActorOf<K>;
}
