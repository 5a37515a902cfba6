import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@cloud-portal/contract/operator/permissions';
import { guardOperatorRoutes } from '../../http/operator-route-guard';
import { registerRequestContext, requireActor } from '../../http/request-context';
import { createTestApp } from '../../../test/support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The calls that check a session, not a permission: sign-in, enrolment and the session's own. */
const AUTH_ROUTES = [
  'POST /api/operator/auth/sign-in',
  'POST /api/operator/auth/verify',
  'GET /api/operator/auth/enrolment/:token',
  'HEAD /api/operator/auth/enrolment/:token',
  'POST /api/operator/auth/enrolment/:token',
  'GET /api/operator/auth/totp-setup',
  'HEAD /api/operator/auth/totp-setup',
  'POST /api/operator/auth/totp-setup',
  'GET /api/operator/auth/me',
  'HEAD /api/operator/auth/me',
  'POST /api/operator/auth/switch-company',
  'POST /api/operator/auth/logout',
];

describe('every route under /api/operator/ checks a permission key', () => {
  it('checks a key of PERMISSIONS on every route but the sign-in and session calls', () => {
    const routes = t.app.operatorRoutes;
    expect(routes.length).toBeGreaterThan(AUTH_ROUTES.length);
    const unkeyed = routes.filter((route) => route.permission === null);
    expect(unkeyed.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [...AUTH_ROUTES].sort(),
    );
    for (const route of routes.filter((r) => r.permission !== null))
      expect(PERMISSIONS, `${route.method} ${route.url}`).toContain(route.permission);
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/operator/audit',
      permission: 'audit.view',
    });
    expect(routes).toContainEqual({
      method: 'DELETE',
      url: '/api/operator/staff/:staffId',
      permission: 'staff.manage',
    });
  });

  it('lists the operator routes in the OpenAPI document', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(answer.json().paths as object);
    for (const route of t.app.operatorRoutes)
      expect(paths).toContain(route.url.replace(/:(\w+)/g, '{$1}'));
  });

  it('refuses to start with an operator route that forgets its key, or names one not in the list', async () => {
    const build = async (register: (app: ReturnType<typeof Fastify>) => void) => {
      const app = Fastify();
      registerRequestContext(app, {
        companies: { findByOrigin: async () => null },
        customer: {
          readCredentials: () => null,
          findLiveSession: async () => null,
          checkCsrf: () => {},
        },
      });
      guardOperatorRoutes(app);
      await app.register(async (api) => register(api), { prefix: '/api' });
      await app.ready();
      return app;
    };
    await expect(build((api) => api.get('/operator/tickets', async () => []))).rejects.toThrow(
      /GET \/api\/operator\/tickets must declare/,
    );
    await expect(
      build((api) =>
        api.get('/operator/tickets', { preValidation: requireActor('staff') }, async () => []),
      ),
    ).rejects.toThrow(/must declare/);
    await expect(
      build((api) =>
        api.get(
          '/operator/tickets',
          { preValidation: requireActor('staff', 'tickets.delete') },
          async () => [],
        ),
      ),
    ).rejects.toThrow(/'tickets.delete' is not one/);
    await expect(
      build((api) =>
        api.get(
          '/operator/tickets',
          { preValidation: [requireActor('staff', 'tickets.view')] },
          async () => [],
        ),
      ),
    ).resolves.toBeTruthy();
  });
});
