import type { FastifyInstance, RouteOptions } from 'fastify';
import { isPermission } from '@cloud-portal/contract/operator/permissions';
import { STAFF_PERMISSION, type StaffHook } from './request-context';

const OPERATOR_PREFIX = '/api/operator/';
/** Sign-in, enrolment and the session's own calls: they check the session, not a permission. */
const OPERATOR_AUTH_PREFIX = '/api/operator/auth/';

export type OperatorRoute = { method: string; url: string; permission: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/operator/ and the permission key it checks (null: an auth call). */
    operatorRoutes: OperatorRoute[];
  }
}

function permissionOf(route: RouteOptions): string | null | undefined {
  const hooks = route.preValidation;
  const list = (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) as StaffHook[];
  const checked = list.find((hook) => STAFF_PERMISSION in hook);
  return checked ? (checked[STAFF_PERMISSION] ?? null) : undefined;
}

/**
 * Every operator route checks a permission key (issue 27, ADR 028): a route under /api/operator/
 * that is not a sign-in or session call must declare `preValidation: requireActor('staff', key)`
 * with a key of the contract's PERMISSIONS, or the app refuses to start. Register before the
 * routes.
 */
export function guardOperatorRoutes(app: FastifyInstance): void {
  const routes: OperatorRoute[] = [];
  app.decorate('operatorRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(OPERATOR_PREFIX)) return;
    const methods = [route.method].flat().join(',');
    if (route.url.startsWith(OPERATOR_AUTH_PREFIX)) {
      routes.push({ method: methods, url: route.url, permission: null });
      return;
    }
    const permission = permissionOf(route);
    if (typeof permission !== 'string' || !isPermission(permission))
      throw new Error(
        `${methods} ${route.url} must declare preValidation: requireActor('staff', <a key of PERMISSIONS>)` +
          (typeof permission === 'string' ? ` ('${permission}' is not one)` : ''),
      );
    routes.push({ method: methods, url: route.url, permission });
  });
}
