import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffSessions } from '../../db/schema/staff';
import { createTestAppWithMail } from '../../../test/support/test-app';
import { cookiesOf } from '../../../test/support/accounts';
import { call, companyIdOf, freshStaffEmail } from '../../../test/support/staff';
import { createOwnerEnrolment } from './create-owner';
import { codeAt } from './totp';

/**
 * The same code sent twice at once on PostgreSQL (real overlapping transactions): one sign-in
 * wins, the other is refused, whatever the timing.
 */
describe.runIf(process.env.DATABASE_URL)('one code, two requests at once (PostgreSQL)', () => {
  let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
  beforeAll(async () => {
    t = await createTestAppWithMail({}, { maxConnections: 12 });
  });
  afterAll(() => t.close());

  /** An enrolled member: the email, password, secret and recovery codes. */
  async function enrolled() {
    const email = freshStaffEmail();
    const link = await createOwnerEnrolment(t.database.db, await companyIdOf(t, 'demo'), email);
    const used = await call(
      t.app,
      'POST',
      `/api/operator/auth/enrolment/${link.url.split('/').at(-1)}`,
      {
        payload: { name: 'Race', password: 'Race#2026ab' },
      },
    );
    const pending = cookiesOf(used);
    const { secret } = (
      await call(t.app, 'GET', '/api/operator/auth/totp-setup', { cookies: pending })
    ).json().data;
    const confirmed = await call(t.app, 'POST', '/api/operator/auth/totp-setup', {
      cookies: pending,
      payload: { code: codeAt(secret, Date.now() - 30_000) },
    });
    expect(confirmed.statusCode).toBe(200);
    return {
      staffId: confirmed.json().data.me.staff.id as number,
      email,
      secret: secret as string,
      recoveryCodes: confirmed.json().data.recoveryCodes as string[],
    };
  }

  const pendingSignIn = async (email: string) =>
    cookiesOf(
      await call(t.app, 'POST', '/api/operator/auth/sign-in', {
        payload: { email, password: 'Race#2026ab' },
      }),
    );

  it('accepts the same TOTP code once', async () => {
    for (let round = 0; round < 3; round++) {
      const member = await enrolled();
      const [a, b] = [await pendingSignIn(member.email), await pendingSignIn(member.email)];
      const code = codeAt(member.secret, Date.now());
      const answers = await Promise.all(
        [a, b].map((cookies) =>
          call(t.app, 'POST', '/api/operator/auth/verify', { cookies, payload: { code } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const sessions = await t.database.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.staffId, member.staffId));
      // The enrolment's session and the one sign-in's.
      expect(sessions).toHaveLength(2);
    }
  });

  it('accepts the same recovery code once', async () => {
    for (let round = 0; round < 3; round++) {
      const member = await enrolled();
      const [a, b] = [await pendingSignIn(member.email), await pendingSignIn(member.email)];
      const answers = await Promise.all(
        [a, b].map((cookies) =>
          call(t.app, 'POST', '/api/operator/auth/verify', {
            cookies,
            payload: { recoveryCode: member.recoveryCodes[0] },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    }
  });
});
