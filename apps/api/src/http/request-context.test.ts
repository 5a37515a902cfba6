import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { messages } from '@cloud-portal/contract/validation/messages';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import type { customers, sessions } from '../db/schema/accounts';
import type { Company } from '../tenancy/company-directory';
import { registerErrorHandling } from './error-handler';
import {
  actorOf,
  identifyActor,
  registerRequestContext,
  requireActor,
  type CustomerResolver,
  type StaffResolver,
} from './request-context';

const SITE = 'http://site.test';
const OTHER_SITE = 'http://other.test';
const site = { id: 1, isInMaintenance: false, portalUrl: SITE } as Company;
const otherSite = { id: 2, isInMaintenance: false, portalUrl: OTHER_SITE } as Company;
const companies = {
  findByOrigin: async (origin: string) =>
    origin === SITE ? site : origin === OTHER_SITE ? otherSite : null,
};

/** Customers sign in here with an `x-test-customer` header naming their id (company 1). */
function testCustomers() {
  const resolver = {
    lookups: 0,
    readCredentials(request) {
      const id = request.headers['x-test-customer'];
      if (typeof id !== 'string') return null;
      return { sessionId: `session-${id}`, customerId: Number(id), companyId: 1, expiresAt: 9e15 };
    },
    async findLiveSession(credentials) {
      resolver.lookups += 1;
      return {
        session: {
          id: credentials.sessionId,
          expiresAt: new Date(9e15),
        } as typeof sessions.$inferSelect,
        customer: { id: credentials.customerId, companyId: 1 } as typeof customers.$inferSelect,
      };
    },
    checkCsrf() {},
  } satisfies CustomerResolver & { lookups: number };
  return resolver;
}

/**
 * Staff sign in with `x-test-staff: <id>:<company>:<key>,<key>` (their session's company), or
 * `x-test-staff: removed` for a session whose company no longer has them.
 */
const testStaff: StaffResolver = {
  async resolveStaff(request) {
    const header = request.headers['x-test-staff'];
    if (typeof header !== 'string') return null;
    if (header === 'removed') return 'not-member';
    const [id, companyId, keys = ''] = header.split(':');
    return {
      kind: 'staff',
      company: Number(companyId) === 1 ? site : otherSite,
      companyId: Number(companyId),
      staffId: Number(id),
      permissions: new Set(keys.split(',').filter(Boolean)),
    };
  },
};

let app: FastifyInstance;
afterEach(() => app.close());

async function buildTestApp(staff: StaffResolver | undefined, customer = testCustomers()) {
  app = Fastify();
  registerErrorHandling(app);
  registerRequestContext(app, { companies, customer, ...(staff ? { staff } : {}) });
  app.post(
    '/tickets/reply',
    { preValidation: requireActor('staff', 'tickets.reply') },
    (request) => ({
      staffId: actorOf(request, 'staff').staffId,
    }),
  );
  app.get('/tickets', { preValidation: requireActor('staff') }, (request) => ({
    staffId: actorOf(request, 'staff').staffId,
  }));
  app.get('/mine', { preValidation: requireActor('customer') }, (request) => ({
    customerId: actorOf(request, 'customer').customerId,
  }));
  app.get('/public', async (request) => {
    if (request.headers['x-asks-who'] === undefined) return { kind: 'not asked' };
    const first = await identifyActor(request, site);
    const second = await identifyActor(request, site);
    return { kind: first.kind, same: first === second };
  });
  app.get('/undeclared', (request) => actorOf(request, 'customer'));
  return { app, customer };
}

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  body?: object,
) =>
  app.inject({
    method,
    url,
    headers: { origin: SITE, ...headers },
    ...(body ? { payload: body } : {}),
  });

describe('requireActor("staff", key)', () => {
  it('lets a staff member with the key through, with their actor on the request', async () => {
    await buildTestApp(testStaff);
    const answer = await call(
      'POST',
      '/tickets/reply',
      { 'x-test-staff': '5:1:tickets.read,tickets.reply' },
      {},
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ staffId: 5 });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers 403 without the key, and needs no key where the route names none', async () => {
    await buildTestApp(testStaff);
    const refused = await call(
      'POST',
      '/tickets/reply',
      { 'x-test-staff': '5:1:tickets.read' },
      {},
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, message: messages.notPermitted });
    const listed = await call('GET', '/tickets', { 'x-test-staff': '5:1:' });
    expect(listed.statusCode).toBe(200);
  });

  it('answers 401 for no staff member, and 403 for one whose session company no longer has them', async () => {
    await buildTestApp(testStaff);
    const nobody = await call('POST', '/tickets/reply', {}, {});
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toMatchObject({ message: accountTexts.notLoggedIn });
    const removed = await call('POST', '/tickets/reply', { 'x-test-staff': 'removed' }, {});
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ message: operatorTexts.notMember });
  });

  it("acts for the session's company whichever site serves the console", async () => {
    await buildTestApp(testStaff);
    const answer = await call('GET', '/tickets', { 'x-test-staff': '5:2:', origin: SITE });
    expect(answer.statusCode).toBe(200);
  });

  it("refuses a body naming another company's site than the session's", async () => {
    await buildTestApp(testStaff);
    const answer = await call(
      'POST',
      '/tickets/reply',
      { 'x-test-staff': '5:1:tickets.reply' },
      {
        websiteUrl: OTHER_SITE,
      },
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: accountTexts.otherCompany });
  });

  it('refuses every staff route while no staff resolver is given (as today), and a customer too', async () => {
    await buildTestApp(undefined);
    for (const headers of [
      { 'x-test-staff': '5:1:tickets.reply' },
      { 'x-test-customer': '9' },
    ] as Record<string, string>[]) {
      expect((await call('POST', '/tickets/reply', headers, {})).statusCode).toBe(401);
    }
  });
});

describe('requireActor("customer") and identifyActor', () => {
  it('recognises a customer, whom a staff route refuses, and a staff member a customer route refuses', async () => {
    await buildTestApp(testStaff);
    const mine = await call('GET', '/mine', { 'x-test-customer': '9' });
    expect(mine.json()).toEqual({ customerId: 9 });
    expect((await call('GET', '/tickets', { 'x-test-customer': '9' })).statusCode).toBe(401);
    expect((await call('GET', '/mine', { 'x-test-staff': '5:1:' })).statusCode).toBe(401);
  });

  it('looks a session up only when a public route asks who is acting, once a request', async () => {
    const { customer } = await buildTestApp(undefined);
    await call('GET', '/public', { 'x-test-customer': '9' });
    expect(customer.lookups).toBe(0);
    const asked = await call('GET', '/public', { 'x-test-customer': '9', 'x-asks-who': '1' });
    expect(asked.json()).toEqual({ kind: 'customer', same: true });
    expect(customer.lookups).toBe(1);
    const visitor = await call('GET', '/public', { 'x-asks-who': '1' });
    expect(visitor.json()).toEqual({ kind: 'visitor', same: true });
    expect(customer.lookups).toBe(1);
  });

  it('is a bug (500) for a route to read an actor it did not declare', async () => {
    await buildTestApp(undefined);
    expect((await call('GET', '/undeclared', { 'x-test-customer': '9' })).statusCode).toBe(500);
  });
});
