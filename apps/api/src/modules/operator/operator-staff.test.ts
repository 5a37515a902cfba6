import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { auditLog } from '../../db/schema/audit';
import { staff, staffMemberships } from '../../db/schema/staff';
import { createTestAppWithMail } from '../../../test/support/test-app';
import { signUpAndLogIn } from '../../../test/support/accounts';
import {
  asStaff,
  call,
  companyIdOf,
  createStaff,
  freshStaffEmail,
  signInStaff,
  type StaffSessionCookies,
  type TestStaff,
} from '../../../test/support/staff';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let demoId: number;
let secondId: number;
let owner: TestStaff;
let ownerSession: StaffSessionCookies;
beforeAll(async () => {
  t = await createTestAppWithMail();
  demoId = await companyIdOf(t, 'demo');
  const [second] = (await t.database.db.query.companies.findMany()).filter((c) => c.id !== demoId);
  secondId = second!.id;
  owner = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
  ownerSession = await signInStaff(t, owner);
});
afterAll(() => t.close());

const auditRows = (action: string, subjectId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))));

describe('who may call the staff and audit routes', () => {
  const routes = [
    ['GET', '/api/operator/staff'],
    ['POST', '/api/operator/staff'],
    ['PATCH', '/api/operator/staff/1'],
    ['DELETE', '/api/operator/staff/1'],
    ['POST', '/api/operator/staff/1/totp-reset'],
    ['GET', '/api/operator/audit'],
  ] as const;
  const payloadOf = (method: string, url: string) =>
    method === 'POST' && url.endsWith('/staff')
      ? { email: 'x@ops.example', role: 'support' }
      : method === 'PATCH'
        ? { role: 'support' }
        : undefined;

  it('answers 401 to a visitor and to a customer session', async () => {
    const customer = await signUpAndLogIn(t.app, t.smtp);
    for (const [method, url] of routes) {
      for (const session of [undefined, customer]) {
        const answer = await call(t.app, method, url, {
          cookies: session?.cookies,
          headers: session?.csrf,
          payload: payloadOf(method, url),
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('answers 403 to a member without the key (support, admin)', async () => {
    for (const role of ['support', 'admin'] as const) {
      const member = await createStaff(t, [{ companyId: demoId, role }]);
      const session = await signInStaff(t, member);
      for (const [method, url] of routes) {
        const answer = await asStaff(t, session, method, url, payloadOf(method, url));
        expect(answer.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('answers 403 without the CSRF header on a write', async () => {
    const answer = await call(t.app, 'POST', '/api/operator/staff', {
      cookies: ownerSession.cookies,
      payload: { email: freshStaffEmail(), role: 'support' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(operatorTexts.csrfFailed);
    const wrong = await call(t.app, 'POST', '/api/operator/staff', {
      cookies: ownerSession.cookies,
      headers: { 'x-staff-csrf': 'x'.repeat(43) },
      payload: { email: freshStaffEmail(), role: 'support' },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it("keeps an owner of another company to their own company's staff (404 for ours)", async () => {
    const theirs = await createStaff(t, [{ companyId: secondId, role: 'owner' }]);
    const session = await signInStaff(t, theirs);
    const list = await asStaff(t, session, 'GET', '/api/operator/staff');
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.map((m: { staffId: number }) => m.staffId);
    expect(listed).toContain(theirs.id);
    expect(listed).not.toContain(owner.id);
    const member = await createStaff(t, [{ companyId: demoId, role: 'support' }]);
    for (const [method, url, payload] of [
      ['PATCH', `/api/operator/staff/${member.id}`, { role: 'owner' }],
      ['DELETE', `/api/operator/staff/${member.id}`, undefined],
      ['POST', `/api/operator/staff/${member.id}/totp-reset`, undefined],
    ] as const) {
      const answer = await asStaff(t, session, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.database.db
      .select()
      .from(staffMemberships)
      .where(eq(staffMemberships.staffId, member.id));
    expect(row!.role).toBe('support');
    // Their company's log does not show ours.
    const log = await asStaff(t, session, 'GET', '/api/operator/audit');
    expect(log.json().data.rows.every((r: { actorId: number }) => r.actorId !== owner.id)).toBe(
      true,
    );
  });

  it('answers 403 at once to a member removed from the company, and moves their session on', async () => {
    const member = await createStaff(t, [
      { companyId: demoId, role: 'owner' },
      { companyId: secondId, role: 'read-only' },
    ]);
    const session = await signInStaff(t, member);
    const removed = await asStaff(t, ownerSession, 'DELETE', `/api/operator/staff/${member.id}`);
    expect(removed.statusCode).toBe(200);
    const refused = await asStaff(t, session, 'GET', '/api/operator/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(operatorTexts.notMember);
    const me = await asStaff(t, session, 'GET', '/api/operator/auth/me');
    expect(me.json().data).toMatchObject({ currentCompanyId: secondId, role: 'read-only' });
  });
});

describe('staff management (owner)', () => {
  it('lists the members with their roles', async () => {
    const answer = await asStaff(t, ownerSession, 'GET', '/api/operator/staff');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toContainEqual(
      expect.objectContaining({
        staffId: owner.id,
        email: owner.email,
        role: 'owner',
        enrolled: true,
      }),
    );
  });

  it('invites a new person: membership, a mailed enrolment link, an audit row', async () => {
    const email = freshStaffEmail();
    const answer = await asStaff(t, ownerSession, 'POST', '/api/operator/staff', {
      email: email.toUpperCase(),
      role: 'support',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ email, role: 'support', enrolled: false });
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('You are invited to the Nimbus Africa Cloud operator console');
    const url = mail.text.match(/http:\/\/[^\s]+\/operator\/enrol\/[\w-]{43}/)![0];
    const read = await call(t.app, 'GET', `/api/operator/auth/enrolment/${url.split('/').at(-1)}`);
    expect(read.json().data).toMatchObject({ email, companyName: 'Nimbus Africa Cloud' });

    const staffId = answer.json().data.staffId as number;
    const [row] = await auditRows('staff.invite', staffId);
    expect(row).toMatchObject({
      actorKind: 'staff',
      actorId: owner.id,
      companyId: demoId,
      before: null,
      after: { email, role: 'support' },
    });
    expect(row!.clientAddress).toBeTruthy();

    const again = await asStaff(t, ownerSession, 'POST', '/api/operator/staff', {
      email,
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(operatorTexts.memberAlreadyInCompany);
  });

  it('mails the invite in Korean to a Korean company, and a notice to someone already enrolled', async () => {
    const theirs = await createStaff(t, [{ companyId: secondId, role: 'owner' }]);
    await t.database.db
      .update((await import('../../db/schema/company')).companies)
      .set({ defaultLanguage: 'ko' })
      .where(eq((await import('../../db/schema/company')).companies.id, secondId));
    const session = await signInStaff(t, theirs);
    const email = freshStaffEmail();
    expect(
      (await asStaff(t, session, 'POST', '/api/operator/staff', { email, role: 'billing' }))
        .statusCode,
    ).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain('운영 콘솔 초대');
    expect(mail.text).toContain('결제 담당');

    const added = await asStaff(t, session, 'POST', '/api/operator/staff', {
      email: owner.email,
      role: 'support',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.enrolled).toBe(true);
    const notice = await t.smtp.waitFor((m) => m.to.includes(owner.email));
    expect(notice.text).toContain('/operator/login');
    expect(notice.text).not.toMatch(/operator\/enrol/);
  });

  it('refuses an invalid invite', async () => {
    for (const payload of [
      { email: 'not-an-email', role: 'support' },
      { email: freshStaffEmail(), role: 'superuser' },
      { email: freshStaffEmail() },
    ]) {
      expect(
        (await asStaff(t, ownerSession, 'POST', '/api/operator/staff', payload)).statusCode,
      ).toBe(400);
    }
  });

  it("changes a member's role, audited, effective on their next call", async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const session = await signInStaff(t, member);
    expect((await asStaff(t, session, 'GET', '/api/operator/audit')).statusCode).toBe(200);
    const changed = await asStaff(t, ownerSession, 'PATCH', `/api/operator/staff/${member.id}`, {
      role: 'support',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.role).toBe('support');
    expect((await asStaff(t, session, 'GET', '/api/operator/audit')).statusCode).toBe(403);
    const [row] = await auditRows('staff.role', member.id);
    expect(row).toMatchObject({ before: { role: 'owner' }, after: { role: 'support' } });
    expect(
      (await asStaff(t, ownerSession, 'PATCH', '/api/operator/staff/999999', { role: 'support' }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps one owner: the last cannot be demoted or removed', async () => {
    const alone = await createStaff(t, [{ companyId: secondId, role: 'owner' }]);
    await t.database.db
      .delete(staffMemberships)
      .where(and(eq(staffMemberships.companyId, secondId), eq(staffMemberships.role, 'owner')));
    await t.database.db
      .insert(staffMemberships)
      .values({ staffId: alone.id, companyId: secondId, role: 'owner' });
    const session = await signInStaff(t, alone);
    const demoted = await asStaff(t, session, 'PATCH', `/api/operator/staff/${alone.id}`, {
      role: 'admin',
    });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe(operatorTexts.lastOwner);
    const removed = await asStaff(t, session, 'DELETE', `/api/operator/staff/${alone.id}`);
    expect(removed.statusCode).toBe(409);
    expect(await auditRows('staff.role', alone.id)).toHaveLength(0);
  });

  it('removes a member, audited', async () => {
    const member = await createStaff(t, [{ companyId: demoId, role: 'billing' }]);
    const removed = await asStaff(t, ownerSession, 'DELETE', `/api/operator/staff/${member.id}`);
    expect(removed.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(staffMemberships)
        .where(eq(staffMemberships.staffId, member.id)),
    ).toHaveLength(0);
    // The identity stays (it may belong to other companies); the membership is gone.
    expect(await t.database.db.select().from(staff).where(eq(staff.id, member.id))).toHaveLength(1);
    const [row] = await auditRows('staff.remove', member.id);
    expect(row).toMatchObject({ before: { email: member.email, role: 'billing' }, after: null });
  });
});

describe('the audit log (GET /api/operator/audit)', () => {
  it('pages newest first by cursor and filters by action, area, staff, subject and date', async () => {
    const writer = await createStaff(t, [{ companyId: demoId, role: 'owner' }]);
    const session = await signInStaff(t, writer);
    const invited: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await asStaff(t, session, 'POST', '/api/operator/staff', {
        email: freshStaffEmail(),
        role: 'read-only',
      });
      invited.push(answer.json().data.staffId);
    }
    await asStaff(t, session, 'PATCH', `/api/operator/staff/${invited[0]}`, { role: 'support' });

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `staffId=${writer.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await asStaff(t, ownerSession, 'GET', `/api/operator/audit?${query}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().data.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.json().data.rows.map((r: { id: number }) => r.id));
      cursor = page.json().data.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const byAction = await asStaff(
      t,
      ownerSession,
      'GET',
      `/api/operator/audit?action=staff.role&staffId=${writer.id}`,
    );
    expect(byAction.json().data.rows).toHaveLength(1);
    expect(byAction.json().data.rows[0]).toMatchObject({
      action: 'staff.role',
      actorName: 'Test Operator',
      actorEmail: writer.email,
      subjectType: 'staff',
      subjectId: String(invited[0]),
      before: { role: 'read-only' },
      after: { role: 'support' },
    });
    const byArea = await asStaff(
      t,
      ownerSession,
      'GET',
      `/api/operator/audit?action=staff&staffId=${writer.id}`,
    );
    expect(byArea.json().data.rows).toHaveLength(6);
    const bySubject = await asStaff(
      t,
      ownerSession,
      'GET',
      `/api/operator/audit?subjectType=staff&subjectId=${invited[0]}`,
    );
    expect(bySubject.json().data.rows.map((r: { action: string }) => r.action)).toEqual([
      'staff.role',
      'staff.invite',
    ]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const fromFuture = await asStaff(t, ownerSession, 'GET', `/api/operator/audit?from=${future}`);
    expect(fromFuture.json().data.rows).toHaveLength(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const toPast = await asStaff(t, ownerSession, 'GET', `/api/operator/audit?to=${past}`);
    expect(toPast.json().data.rows).toHaveLength(0);
  });

  it('refuses a malformed cursor or filter', async () => {
    for (const query of ['cursor=garbage', 'action=DROP TABLE', 'from=yesterday', 'limit=1000']) {
      const answer = await asStaff(t, ownerSession, 'GET', `/api/operator/audit?${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
  });
});
