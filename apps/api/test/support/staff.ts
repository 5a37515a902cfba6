import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@cloud-portal/contract/operator/permissions';
import type { DatabaseHandle } from '../../src/db/client';
import { companies } from '../../src/db/schema/company';
import { staff, staffMemberships } from '../../src/db/schema/staff';
import type { Config } from '../../src/config';
import { resolveCredentialsKey } from '../../src/lib/credentials-key';
import { hashPassword } from '../../src/modules/accounts/passwords';
import { codeAt, newTotpSecret, sealTotpSecret } from '../../src/modules/operator/totp';
import { cookiesOf, freshAddress } from './accounts';
import { MAIN_ORIGIN } from './test-app';

export const STAFF_PASSWORD = 'Operat0r#26';

type T = { app: FastifyInstance; database: DatabaseHandle; config: Config };

export type TestStaff = { id: number; email: string; secret: string; password: string };
export type StaffSessionCookies = {
  cookies: Record<string, string>;
  headers: Record<string, string>;
};

let next = 0;
export const freshStaffEmail = () =>
  `staff.${process.pid}.${++next}.${Math.random().toString(36).slice(2, 6)}@ops.example`;

export async function companyIdOf(t: T, slug: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, slug));
  return row!.id;
}

/** An enrolled staff member (password and authenticator set) with these roles, written directly. */
export async function createStaff(
  t: T,
  roles: { companyId: number; role: StaffRole }[],
  email = freshStaffEmail(),
): Promise<TestStaff> {
  const secret = newTotpSecret();
  const [row] = await t.database.db
    .insert(staff)
    .values({
      email,
      name: 'Test Operator',
      passwordHash: await hashPassword(STAFF_PASSWORD),
      totpSecretSealed: sealTotpSecret(resolveCredentialsKey(t.config), secret),
    })
    .returning({ id: staff.id });
  for (const { companyId, role } of roles)
    await t.database.db.insert(staffMemberships).values({ staffId: row!.id, companyId, role });
  return { id: row!.id, email, secret, password: STAFF_PASSWORD };
}

export const currentCode = (member: TestStaff, at = Date.now()) => codeAt(member.secret, at);

/** A request as the console's browser on `origin` sends it: its cookies and headers. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    payload?: object;
    cookies?: Record<string, string>;
    headers?: Record<string, string>;
    origin?: string;
    remoteAddress?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { origin: options.origin ?? MAIN_ORIGIN, ...options.headers },
    cookies: options.cookies,
    remoteAddress: options.remoteAddress ?? freshAddress(),
  });
}

/** The password step: the pending cookie. */
export async function startSignIn(t: T, member: TestStaff) {
  const answer = await call(t.app, 'POST', '/api/operator/auth/sign-in', {
    payload: { email: member.email, password: member.password },
  });
  if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.body}`);
  return { step: answer.json().data.step as string, cookies: cookiesOf(answer) };
}

/**
 * Signs in through both steps. The member's last accepted step is forgotten first, so a test may
 * sign the same member in twice within 30 seconds (the replay rule has tests of its own).
 */
export async function signInStaff(
  t: T,
  member: TestStaff,
  origin = MAIN_ORIGIN,
): Promise<StaffSessionCookies> {
  await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.id, member.id));
  const pending = await startSignIn(t, member);
  const verified = await call(t.app, 'POST', '/api/operator/auth/verify', {
    payload: { code: currentCode(member) },
    cookies: pending.cookies,
    origin,
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const cookies = cookiesOf(verified);
  return { cookies, headers: { 'x-staff-csrf': cookies.cp_staff_csrf! } };
}

/** A call as a signed-in member: session cookies and the CSRF header. */
export const asStaff = (
  t: T,
  session: StaffSessionCookies,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  call(t.app, method, url, {
    cookies: session.cookies,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
