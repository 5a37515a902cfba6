import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ROLE_PERMISSIONS,
  type Permission,
  type StaffRole,
} from '@cloud-portal/contract/operator/permissions';
import type { Database } from '../../src/db/client';
import { companies } from '../../src/db/schema/company';
import { staff, staffMemberships } from '../../src/db/schema/staff';
import type { StaffResolver } from '../../src/http/request-context';

/**
 * Staff for API tests of what staff do (the desk), without a sign-in each: a request names its
 * staff member in the `x-test-staff` header as `<staff id>:<company id>:<key>,<key>`, and acts for
 * that company whatever the site, as a real staff session acts for its current company (ADR 028).
 * The resolver is registered on the built app in place of the real one; sign-in itself is tested
 * in modules/operator.
 */
export const TEST_STAFF_HEADER = 'x-test-staff';

export function testStaffResolver(db: Database): StaffResolver {
  return {
    async resolveStaff(request) {
      const header = request.headers[TEST_STAFF_HEADER];
      if (typeof header !== 'string') return null;
      const [id, companyId, keys = ''] = header.split(':');
      const [company] = await db
        .select()
        .from(companies)
        .where(eq(companies.id, Number(companyId)));
      if (!company) return 'not-member';
      return {
        kind: 'staff',
        company,
        companyId: company.id,
        staffId: Number(id),
        permissions: new Set(keys.split(',').filter(Boolean)),
      };
    },
  };
}

export function useTestStaff(app: FastifyInstance, db: Database): void {
  app.actorResolvers.staff = testStaffResolver(db);
}

export type TestStaff = {
  id: number;
  companyId: number;
  /** The membership's role when the member is added; the keys sent may be narrower. */
  role: StaffRole;
  permissions: readonly Permission[];
};

/** A staff member of `companyId` with a role's keys (or the keys given). */
export function testStaff(
  id: number,
  companyId: number,
  role: StaffRole | readonly Permission[],
): TestStaff {
  return {
    id,
    companyId,
    role: typeof role === 'string' ? role : 'read-only',
    permissions: typeof role === 'string' ? ROLE_PERMISSIONS[role] : role,
  };
}

/** The headers of a request by this staff member. */
export function staffHeaders(staff: TestStaff): Record<string, string> {
  return { [TEST_STAFF_HEADER]: `${staff.id}:${staff.companyId}:${staff.permissions.join(',')}` };
}

/** Makes test staff real members of their companies (assignable, with a mail address). */
export async function addTestStaffMembers(db: Database, ...members: TestStaff[]): Promise<void> {
  for (const member of members) {
    await db
      .insert(staff)
      .values({ id: member.id, email: testStaffEmail(member), name: `Staff ${member.id}` })
      .onConflictDoNothing();
    await db
      .insert(staffMemberships)
      .values({ staffId: member.id, companyId: member.companyId, role: member.role })
      .onConflictDoNothing();
  }
}

export const testStaffEmail = (member: TestStaff) => `staff-${member.id}@staff.example`;
