import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { ROLE_PERMISSIONS } from '@cloud-portal/contract/operator/permissions';
import {
  staff,
  staffEnrolmentLinks,
  staffPendingSignIns,
  staffRecoveryCodes,
  staffSessions,
} from '../../db/schema/staff';
import { auditLog } from '../../db/schema/audit';
import { sha256 } from '../../lib/tokens';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { cookiesOf, signUpAndLogIn } from '../../../test/support/accounts';
import {
  asStaff,
  call,
  companyIdOf,
  createStaff,
  currentCode,
  freshStaffEmail,
  signInStaff,
  startSignIn,
  STAFF_PASSWORD,
} from '../../../test/support/staff';
import { createOwnerEnrolment } from './create-owner';
import { codeAt } from './totp';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let demoId: number;
let secondId: number;
beforeAll(async () => {
  t = await createTestAppWithMail();
  demoId = await companyIdOf(t, 'demo');
  const [second] = (await t.database.db.query.companies.findMany()).filter((c) => c.id !== demoId);
  secondId = second!.id;
});
afterAll(() => t.close());

const tokenOf = (url: string) => url.split('/').at(-1)!;
const NEW_PASSWORD = 'Enrol#2026x';

describe('enrolment link (CLI) → password → authenticator → session', () => {
  it('enrols an owner end to end and starts a session in its own strict cookies', async () => {
    const email = freshStaffEmail();
    const link = await createOwnerEnrolment(t.database.db, demoId, email);
    expect(link.url).toMatch(new RegExp(`^${MAIN_ORIGIN}/operator/enrol/[\\w-]{43}$`));
    const token = tokenOf(link.url);

    const read = await call(t.app, 'GET', `/api/operator/auth/enrolment/${token}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ email, companyName: 'Nimbus Africa Cloud', name: '' });

    const weak = await call(t.app, 'POST', `/api/operator/auth/enrolment/${token}`, {
      payload: { name: 'Ama Mensah', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);

    const used = await call(t.app, 'POST', `/api/operator/auth/enrolment/${token}`, {
      payload: { name: 'Ama Mensah', password: NEW_PASSWORD },
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().data).toEqual({ step: 'enrol' });
    const pending = cookiesOf(used);
    const pendingCookie = used.cookies.find((c) => c.name === 'cp_staff_pending')!;
    expect(pendingCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/operator/auth',
    });

    // The link works once.
    for (const method of ['GET', 'POST'] as const) {
      const again = await call(t.app, method, `/api/operator/auth/enrolment/${token}`, {
        ...(method === 'POST' ? { payload: { name: 'X', password: NEW_PASSWORD } } : {}),
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(operatorTexts.enrolmentLinkInvalid);
    }

    const setup = await call(t.app, 'GET', '/api/operator/auth/totp-setup', { cookies: pending });
    expect(setup.statusCode).toBe(200);
    const { otpauthUri, qrSvg, secret } = setup.json().data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(otpauthUri).toContain('issuer=Nimbus');
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // A second read answers the same secret (the page may reload).
    const again = await call(t.app, 'GET', '/api/operator/auth/totp-setup', { cookies: pending });
    expect(again.json().data.secret).toBe(secret);
    // The secret is kept sealed, never as typed.
    const [pendingRow] = await t.database.db.select().from(staffPendingSignIns);
    expect(JSON.stringify(pendingRow)).not.toContain(secret);

    const wrong = await call(t.app, 'POST', '/api/operator/auth/totp-setup', {
      cookies: pending,
      payload: { code: codeAt(secret, Date.now() - 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(operatorTexts.totpIncorrect);

    const confirmed = await call(t.app, 'POST', '/api/operator/auth/totp-setup', {
      cookies: pending,
      payload: { code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes, me } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(me).toMatchObject({
      staff: { name: 'Ama Mensah', email },
      currentCompanyId: demoId,
      role: 'owner',
      memberships: [{ companyId: demoId, companyName: 'Nimbus Africa Cloud', role: 'owner' }],
    });
    expect(me.permissions).toEqual([...ROLE_PERMISSIONS.owner]);

    const session = confirmed.cookies.find((c) => c.name === 'cp_staff')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/operator' });
    const csrf = confirmed.cookies.find((c) => c.name === 'cp_staff_csrf')!;
    expect(csrf).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    // No customer cookie is set or touched.
    expect(confirmed.cookies.map((c) => c.name)).not.toContain('cp_access');
    // The session row keeps the token's hash only.
    expect(
      await t.database.db.select().from(staffSessions).where(eq(staffSessions.id, session.value)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.id, sha256(session.value))),
    ).toHaveLength(1);

    const [stored] = await t.database.db.select().from(staff).where(eq(staff.email, email));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored!.totpSecretSealed).toMatch(/^v1\./);
    const codes = await t.database.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, stored!.id));
    expect(codes).toHaveLength(10);
    expect(JSON.stringify(codes)).not.toContain(recoveryCodes[0]);

    // The pending step ended with the session.
    const reused = await call(t.app, 'POST', '/api/operator/auth/totp-setup', {
      cookies: pending,
      payload: { code: codeAt(secret, Date.now()) },
    });
    expect(reused.statusCode).toBe(401);
  });

  it('refuses an expired link, and an unknown or malformed one', async () => {
    const link = await createOwnerEnrolment(t.database.db, demoId, freshStaffEmail());
    await t.database.db
      .update(staffEnrolmentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffEnrolmentLinks.tokenHash, sha256(tokenOf(link.url))));
    for (const token of [tokenOf(link.url), 'A'.repeat(43)]) {
      expect((await call(t.app, 'GET', `/api/operator/auth/enrolment/${token}`)).statusCode).toBe(
        404,
      );
      const posted = await call(t.app, 'POST', `/api/operator/auth/enrolment/${token}`, {
        payload: { name: 'Late', password: NEW_PASSWORD },
      });
      expect(posted.statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', '/api/operator/auth/enrolment/not-a-token')).statusCode).toBe(
      400,
    );
  });

  it('refuses the set-up steps without a pending enrolment, and a confirmation before the secret', async () => {
    expect((await call(t.app, 'GET', '/api/operator/auth/totp-setup')).statusCode).toBe(401);
    const member = await createStaff(t, [{ companyId: demoId, role: 'support' }]);
    // A pending 'totp' step is not an enrolment.
    const pending = await startSignIn(t, member);
    expect(
      (await call(t.app, 'GET', '/api/operator/auth/totp-setup', { cookies: pending.cookies }))
        .statusCode,
    ).toBe(401);

    const link = await createOwnerEnrolment(t.database.db, demoId, freshStaffEmail());
    const used = await call(t.app, 'POST', `/api/operator/auth/enrolment/${tokenOf(link.url)}`, {
      payload: { name: 'Kofi', password: NEW_PASSWORD },
    });
    const early = await call(t.app, 'POST', '/api/operator/auth/totp-setup', {
      cookies: cookiesOf(used),
      payload: { code: '123456' },
    });
    expect(early.statusCode).toBe(409);
  });
});

describe('sign-in (password, then TOTP or a recovery code)', () => {
  it('refuses a wrong password and an unknown address alike, and pauses after five', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    for (const email of [member.email, 'nobody@ops.example']) {
      const answer = await call(t.app, 'POST', '/api/operator/auth/sign-in', {
        payload: { email, password: 'Wrong#2026' },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe(operatorTexts.invalidCredentials);
    }
    for (let i = 0; i < 4; i++)
      await call(t.app, 'POST', '/api/operator/auth/sign-in', {
        payload: { email: member.email, password: 'Wrong#2026' },
      });
    const paused = await call(t.app, 'POST', '/api/operator/auth/sign-in', {
      payload: { email: member.email, password: STAFF_PASSWORD },
    });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe(operatorTexts.signInPaused);
  });

  it('rate-limits the sign-in route per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await call(t.app, 'POST', '/api/operator/auth/sign-in', {
        payload: { email: `limit${i}@ops.example`, password: 'Wrong#2026' },
        remoteAddress: '10.99.0.1',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers the totp step, accepts a right code once and refuses it replayed', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'support' }]);
    const first = await startSignIn(t, member);
    expect(first.step).toBe('totp');
    const pendingCookie = cookiesOf(
      await call(t.app, 'POST', '/api/operator/auth/sign-in', {
        payload: { email: member.email, password: STAFF_PASSWORD },
      }),
    );

    const wrong = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: first.cookies,
      payload: { code: codeAt(member.secret, Date.now() - 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(operatorTexts.totpIncorrect);

    const code = currentCode(member);
    const verified = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: first.cookies,
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ role: 'support', currentCompanyId: demoId });

    // The same code in another pending sign-in: its time step was used.
    const replayed = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: pendingCookie,
      payload: { code },
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(operatorTexts.totpIncorrect);
    // An older step's code is refused too, even within the drift window.
    const older = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: pendingCookie,
      payload: { code: codeAt(member.secret, Date.now() - 30_000) },
    });
    expect(older.statusCode).toBe(400);

    // The completed pending step does not start a second session.
    const reused = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: first.cookies,
      payload: { code: codeAt(member.secret, Date.now() + 30_000) },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(operatorTexts.signInAgain);
  });

  it('accepts a recovery code once', async () => {
    const link = await createOwnerEnrolment(t.database.db, demoId, freshStaffEmail());
    const used = await call(t.app, 'POST', `/api/operator/auth/enrolment/${tokenOf(link.url)}`, {
      payload: { name: 'Nia', password: NEW_PASSWORD },
    });
    const pending = cookiesOf(used);
    const { secret } = (
      await call(t.app, 'GET', '/api/operator/auth/totp-setup', { cookies: pending })
    ).json().data;
    const confirmed = await call(t.app, 'POST', '/api/operator/auth/totp-setup', {
      cookies: pending,
      payload: { code: codeAt(secret, Date.now()) },
    });
    const [code] = confirmed.json().data.recoveryCodes as string[];
    const email = confirmed.json().data.me.staff.email as string;
    const signIn = async () =>
      cookiesOf(
        await call(t.app, 'POST', '/api/operator/auth/sign-in', {
          payload: { email, password: NEW_PASSWORD },
        }),
      );

    const firstUse = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: await signIn(),
      payload: { recoveryCode: code!.toUpperCase().replace('-', '') },
    });
    expect(firstUse.statusCode).toBe(200);
    const secondUse = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: await signIn(),
      payload: { recoveryCode: code },
    });
    expect(secondUse.statusCode).toBe(400);
    expect(secondUse.json().message).toBe(operatorTexts.recoveryCodeIncorrect);
  });

  it('pauses a member after five wrong codes, whatever the pending sign-in', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'support' }]);
    for (let i = 0; i < 5; i++) {
      const pending = await startSignIn(t, member);
      const answer = await call(t.app, 'POST', '/api/operator/auth/verify', {
        cookies: pending.cookies,
        payload: { recoveryCode: 'aaaaa-aaaaa' },
      });
      expect(answer.statusCode).toBe(400);
    }
    const pending = await startSignIn(t, member);
    const paused = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: pending.cookies,
      payload: { code: currentCode(member) },
    });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe(operatorTexts.totpTooManyAttempts);
  });

  it('refuses the code step without a pending sign-in, or after it expired', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'support' }]);
    const none = await call(t.app, 'POST', '/api/operator/auth/verify', {
      payload: { code: currentCode(member) },
    });
    expect(none.statusCode).toBe(401);
    const pending = await startSignIn(t, member);
    await t.database.db
      .update(staffPendingSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffPendingSignIns.staffId, member.id));
    const late = await call(t.app, 'POST', '/api/operator/auth/verify', {
      cookies: pending.cookies,
      payload: { code: currentCode(member) },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(operatorTexts.signInAgain);
  });

  it('refuses a member of no company', async () => {
    const member = await createStaff(t, []);
    const answer = await call(t.app, 'POST', '/api/operator/auth/sign-in', {
      payload: { email: member.email, password: STAFF_PASSWORD },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(operatorTexts.noCompany);
  });

  it("starts in the site's company when the member belongs to it", async () => {
    const member = await createStaff(t, [
      { companyId: demoId, role: 'owner' },
      { companyId: secondId, role: 'support' },
    ]);
    const session = await signInStaff(t, member, SECOND_ORIGIN);
    const me = await asStaff(t, session, 'GET', '/api/operator/auth/me');
    expect(me.json().data).toMatchObject({ currentCompanyId: secondId, role: 'support' });
  });
});

describe('the session: me, idle and absolute end, switch company, logout', () => {
  it('answers me, and moves the idle end on with every call', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'billing' }]);
    const session = await signInStaff(t, member);
    const old = new Date(Date.now() - 20 * 60_000);
    await t.database.db
      .update(staffSessions)
      .set({ lastSeenAt: old })
      .where(eq(staffSessions.staffId, member.id));
    const me = await asStaff(t, session, 'GET', '/api/operator/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json().data.permissions).toEqual([...ROLE_PERMISSIONS.billing]);
    const [row] = await t.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, member.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
    expect(new Date(me.json().data.idleExpiresAt).getTime()).toBe(
      row!.lastSeenAt.getTime() + 30 * 60_000,
    );
  });

  it('ends a session idle for 30 minutes', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const session = await signInStaff(t, member);
    await t.database.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(staffSessions.staffId, member.id));
    for (const url of ['/api/operator/auth/me', '/api/operator/staff']) {
      const answer = await asStaff(t, session, 'GET', url);
      expect(answer.statusCode).toBe(401);
    }
  });

  it('ends a session 12 hours after sign-in, however busy', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const session = await signInStaff(t, member);
    await t.database.db
      .update(staffSessions)
      .set({
        createdAt: new Date(Date.now() - 12 * 3_600_000 - 1000),
        expiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(staffSessions.staffId, member.id));
    expect((await asStaff(t, session, 'GET', '/api/operator/auth/me')).statusCode).toBe(401);
    expect((await asStaff(t, session, 'GET', '/api/operator/audit')).statusCode).toBe(401);
  });

  it('switches to another company of the member (audited there), and refuses one not theirs', async () => {
    const member = await createStaff(t, [
      { companyId: demoId, role: 'owner' },
      { companyId: secondId, role: 'read-only' },
    ]);
    const session = await signInStaff(t, member);
    const noCsrf = await call(t.app, 'POST', '/api/operator/auth/switch-company', {
      cookies: session.cookies,
      payload: { companyId: secondId },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe(operatorTexts.csrfFailed);

    const switched = await asStaff(t, session, 'POST', '/api/operator/auth/switch-company', {
      companyId: secondId,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ currentCompanyId: secondId, role: 'read-only' });
    // The new company's keys apply at once.
    expect((await asStaff(t, session, 'GET', '/api/operator/staff')).statusCode).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.switch-company'), eq(auditLog.actorId, member.id)));
    expect(row).toMatchObject({
      companyId: secondId,
      actorKind: 'staff',
      before: { companyId: demoId },
      after: { companyId: secondId },
    });
    expect(row!.clientAddress).toMatch(/^10\.20\./);

    const other = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const otherSession = await signInStaff(t, other);
    const refused = await asStaff(t, otherSession, 'POST', '/api/operator/auth/switch-company', {
      companyId: secondId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(operatorTexts.notMember);
  });

  it('logs out: the session ends and its cookies are cleared', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const session = await signInStaff(t, member);
    const noCsrf = await call(t.app, 'POST', '/api/operator/auth/logout', {
      cookies: session.cookies,
    });
    expect(noCsrf.statusCode).toBe(403);
    const out = await asStaff(t, session, 'POST', '/api/operator/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'cp_staff')!.value).toBe('');
    expect(
      await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id)),
    ).toHaveLength(0);
    expect((await asStaff(t, session, 'GET', '/api/operator/auth/me')).statusCode).toBe(401);
  });

  it('answers 401 to a visitor and to a customer session on every session call', async () => {
    const customer = await signUpAndLogIn(t.app, t.smtp);
    for (const cookies of [undefined, customer.cookies]) {
      const me = await call(t.app, 'GET', '/api/operator/auth/me', { cookies });
      expect(me.statusCode).toBe(401);
      const switched = await call(t.app, 'POST', '/api/operator/auth/switch-company', {
        cookies,
        headers: customer.csrf,
        payload: { companyId: demoId },
      });
      expect(switched.statusCode).toBe(401);
    }
  });
});

describe('an owner resets a member’s authenticator', () => {
  it('signs them out and makes their next sign-in set the authenticator up again', async () => {
    const owner = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const member = await createStaff(t, [{ companyId: demoId, role: 'support' }]);
    const ownerSession = await signInStaff(t, owner);
    const memberSession = await signInStaff(t, member);

    const self = await asStaff(
      t,
      ownerSession,
      'POST',
      `/api/operator/staff/${owner.id}/totp-reset`,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(operatorTexts.notOnYourself);

    const reset = await asStaff(
      t,
      ownerSession,
      'POST',
      `/api/operator/staff/${member.id}/totp-reset`,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ staffId: member.id, enrolled: false });
    expect((await asStaff(t, memberSession, 'GET', '/api/operator/auth/me')).statusCode).toBe(401);
    expect((await startSignIn(t, member)).step).toBe('enrol');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.totp-reset'), eq(auditLog.subjectId, String(member.id))),
      );
    expect(row).toMatchObject({ actorId: owner.id, companyId: demoId, after: { enrolled: false } });
    expect(
      await t.database.db
        .select()
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staffId, member.id), isNull(staffRecoveryCodes.usedAt))),
    ).toHaveLength(0);
  });
});
