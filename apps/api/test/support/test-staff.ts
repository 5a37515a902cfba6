import type { FastifyInstance } from 'fastify';
import {
  ROLE_PERMISSIONS,
  type Permission,
  type StaffRole,
} from '@cloud-portal/contract/operator/permissions';
import type { StaffResolver } from '../../src/http/request-context';

/**
 * Staff for API tests until staff sign-in exists: a request names its staff member in the
 * `x-test-staff` header as `<staff id>:<company id>:<key>,<key>`, the way request-context.test.ts
 * recognises them. The resolver is registered on the built app, in place of the real one.
 */
export const TEST_STAFF_HEADER = 'x-test-staff';

export const testStaffResolver: StaffResolver = {
  async resolveStaff(request, company) {
    const header = request.headers[TEST_STAFF_HEADER];
    if (typeof header !== 'string') return null;
    const [id, companyId, keys = ''] = header.split(':');
    return {
      kind: 'staff',
      company,
      companyId: Number(companyId),
      staffId: Number(id),
      permissions: new Set(keys.split(',').filter(Boolean)),
    };
  },
};

export function useTestStaff(app: FastifyInstance): void {
  app.actorResolvers.staff = testStaffResolver;
}

export type TestStaff = { id: number; companyId: number; permissions: readonly Permission[] };

/** A staff member of `companyId` with a role's keys (or the keys given). */
export function testStaff(
  id: number,
  companyId: number,
  role: StaffRole | readonly Permission[],
): TestStaff {
  return {
    id,
    companyId,
    permissions: typeof role === 'string' ? ROLE_PERMISSIONS[role] : role,
  };
}

/** The headers of a request by this staff member. */
export function staffHeaders(staff: TestStaff): Record<string, string> {
  return { [TEST_STAFF_HEADER]: `${staff.id}:${staff.companyId}:${staff.permissions.join(',')}` };
}
