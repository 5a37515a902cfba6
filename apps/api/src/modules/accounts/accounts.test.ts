import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { maskEmail } from '@cloud-portal/contract/validation/account-rules';
import {
  customers,
  loginCodes,
  loginFailures,
  pendingLogins,
  refreshTokens,
} from '../../db/schema/accounts';
import { companies } from '../../db/schema/company';
import { sha256 } from '../../lib/tokens';
import { loginAddressKey, signAccessToken, verifyAccessToken } from './crypto-tokens';
import { resolveSessionSecret } from './session-secret';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import {
  codeFromMail,
  cookiesOf,
  freshAddress,
  post,
  signUpAndLogIn,
  validSignUp,
} from '../../../test/support/accounts';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

/** Logs in with the password: the pending login's ID and the mailed code. */
async function logInForCode(user: { email: string; password: string }) {
  const mailsBefore = t.smtp.mails.length;
  const login = await post(t.app, '/api/login', { emailID: user.email, password: user.password });
  expect(login.statusCode).toBe(200);
  return {
    ID: login.json().data.ID as string,
    code: await codeFromMail(t.smtp, user.email, mailsBefore),
  };
}

const setMaintenance = (isInMaintenance: boolean) =>
  t.database.db.update(companies).set({ isInMaintenance }).where(eq(companies.slug, 'demo'));

const mailsTo = (email: string, after: number) =>
  t.smtp.mails.slice(after).filter((mail) => mail.to.includes(email));

describe('sign-up (POST /api/adduser)', () => {
  it('creates the account with an argon2id hash, mails a code, and the code starts a session in httpOnly cookies', async () => {
    const payload = validSignUp({
      firstName: '  Thandi   Nomvula ',
      emailID: 'Signup.One@Example.co.za',
    });
    const response = await post(t.app, '/api/adduser', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('An OTP is sent to your *********e@example.co.za');
    const { ID, emailId } = response.json().data;
    expect(emailId).toBe('signup.one@example.co.za');

    const [stored] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, emailId));
    // The pending login's reference, never the customer's (sequential) id.
    expect(ID).toMatch(/^[\w-]{22}$/);
    expect(ID).not.toBe(String(stored!.id));
    expect(stored).toMatchObject({
      firstName: 'Thandi Nomvula',
      role: 'user',
      isEmailVerified: false,
      dialCode: '+27',
    });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);

    const code = await codeFromMail(t.smtp, emailId);
    const [storedCode] = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.customerId, stored!.id));
    expect(storedCode!.codeHash).not.toContain(code);

    const verified = await post(t.app, '/api/twoFactorAuth', { emailID: emailId, ID, OTP: code });
    expect(verified.json()).toMatchObject({
      status: 200,
      message: 'OTP has been verified successfully!',
    });
    expect(verified.json().data[0]).toMatchObject({
      ID: stored!.id,
      firstName: 'Thandi Nomvula',
      emailID: emailId,
    });
    const accessCookies = verified.cookies.filter((cookie) => cookie.name === 'cp_access');
    // Sent with page requests too (the server writes a customer's pages), and the cookie an
    // earlier version kept under /api is dropped.
    expect(accessCookies.find((cookie) => cookie.value !== '')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(accessCookies.find((cookie) => cookie.value === '')).toMatchObject({ path: '/api' });
    const refresh = verified.cookies.find((cookie) => cookie.name === 'cp_refresh')!;
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(verified.cookies.find((cookie) => cookie.name === 'cp_csrf')!.httpOnly).toBeFalsy();

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: MAIN_ORIGIN },
      cookies: cookiesOf(verified),
    });
    expect(session.json().data.emailID).toBe(emailId);
    const [after] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, stored!.id));
    expect(after!.isEmailVerified).toBe(true);
  });

  it('refuses a second account for the same address on one site, but not on another', async () => {
    const payload = validSignUp({ emailID: 'twice@example.co.za' });
    expect((await post(t.app, '/api/adduser', payload)).statusCode).toBe(200);
    const again = await post(t.app, '/api/adduser', { ...payload, emailID: 'TWICE@example.co.za' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this email already exists. Please log in.');
    expect(
      (
        await post(
          t.app,
          '/api/adduser',
          { ...payload, countryCode: '+254', contactNo: '712345678' },
          { origin: SECOND_ORIGIN },
        )
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ firstName: ' ' }, 'firstName', 'First name required'],
    [{ lastName: '' }, 'lastName', 'Last name required'],
    [{ firstName: 'R2-D2' }, 'firstName', 'Use letters, commas and spaces only'],
    [{ emailID: '' }, 'emailID', 'Email required'],
    [{ emailID: 'thandi@' }, 'emailID', 'Please enter a valid Email'],
    [{ countryCode: '' }, 'countryCode', 'Please select country code'],
    [{ contactNo: '' }, 'contactNo', 'Mobile Number required'],
    [{ contactNo: '82555019' }, 'contactNo', 'Enter valid number'],
    [{ countryCode: '+999' }, 'countryCode', 'Please select country code'],
    [{ password: '' }, 'password', 'Password required'],
    [{ password: 'password1!' }, 'password', 'Please enter valid password'],
    [{ password: 'Abcdefghijklmn1!x' }, 'password', 'Please enter valid password'],
    [{ address: '  ' }, 'address', 'Street address required'],
    [{ region: '' }, 'region', 'Country name required'],
    [{ city: '' }, 'city', 'city name required'],
    [{ state: '' }, 'state', 'State name required'],
    [{ postCode: '' }, 'postCode', 'Postcode required'],
  ])('refuses %j with %s "%s" and creates nothing', async (overrides, field, message) => {
    const payload = validSignUp(overrides);
    const response = await post(t.app, '/api/adduser', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
    if (typeof payload.emailID === 'string' && payload.emailID.includes('@example')) {
      expect(
        await t.database.db.select().from(customers).where(eq(customers.email, payload.emailID)),
      ).toHaveLength(0);
    }
  });
});

describe('login with a one-time code', () => {
  it('answers the same for an unknown address and a wrong password, and pauses the account after five wrong passwords', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const unknown = await post(t.app, '/api/login', {
      emailID: 'nobody@example.co.za',
      password: 'Kgotso#2026',
    });
    const wrong = await post(t.app, '/api/login', { emailID: user.email, password: 'Wrong#2026' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ status: 401, message: 'Invalid email or password', data: null });

    for (let attempt = 0; attempt < 4; attempt += 1)
      await post(t.app, '/api/login', { emailID: user.email, password: 'Wrong#2026' });
    const paused = await post(t.app, '/api/login', {
      emailID: user.email,
      password: user.password,
    });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe('Too many failed attempts. Please try again in 15 minutes.');
  });

  it('lifts the pause after 15 minutes, and pauses an address without an account the same way', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const ghost = `ghost.${Date.now()}@example.co.za`;
    const answers = async (emailID: string) => {
      const bodies = [];
      for (let attempt = 0; attempt < 6; attempt += 1)
        bodies.push((await post(t.app, '/api/login', { emailID, password: 'Wrong#2026' })).json());
      return bodies;
    };
    const [real, unknown] = [await answers(user.email), await answers(ghost)];
    expect(unknown).toEqual(real);
    expect(real.map((body) => body.status)).toEqual([401, 401, 401, 401, 401, 429]);

    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.slug, 'demo'));
    await t.database.db
      .update(loginFailures)
      .set({ pausedUntil: new Date(Date.now() - 1000) })
      .where(
        eq(
          loginFailures.addressKey,
          loginAddressKey(resolveSessionSecret(t.config), company!.id, user.email),
        ),
      );
    const wrongAgain = await post(t.app, '/api/login', {
      emailID: user.email,
      password: 'Wrong#2026',
    });
    expect(wrongAgain.statusCode).toBe(401);
    const right = await post(t.app, '/api/login', { emailID: user.email, password: user.password });
    expect(right.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(loginFailures)
        .where(
          eq(
            loginFailures.addressKey,
            loginAddressKey(resolveSessionSecret(t.config), company!.id, user.email),
          ),
        ),
    ).toEqual([]);
  });

  it('answers an opaque ID for each login, not the customer id', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const first = await post(t.app, '/api/login', { emailID: user.email, password: user.password });
    const second = await post(t.app, '/api/login', {
      emailID: user.email,
      password: user.password,
    });
    const [firstId, secondId] = [first.json().data.ID, second.json().data.ID];
    expect(firstId).toMatch(/^[\w-]{22}$/);
    expect(secondId).toMatch(/^[\w-]{22}$/);
    expect(firstId).not.toBe(secondId);
    expect([firstId, secondId]).not.toContain(String(user.id));
    // The customer's id (what the ID used to be) names no login.
    const byCustomerId = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID: user.id,
      OTP: '123456',
    });
    expect(byCustomerId.json()).toMatchObject({ status: 400, message: accountTexts.loginAgain });
  });

  it('mails a code that works once; wrong codes count and the fifth spends it', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const { ID, code } = await logInForCode(user);
    expect(
      (
        await post(t.app, '/api/twoFactorAuth', {
          emailID: user.email,
          ID,
          OTP: code === '000000' ? '111111' : '000000',
        })
      ).json(),
    ).toEqual({ status: 400, message: 'Please enter correct OTP.', data: null });
    const right = await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID, OTP: code });
    expect(right.json().message).toBe('Login successfully!');
    const again = await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID, OTP: code });
    expect(again.json()).toMatchObject({ status: 400, message: accountTexts.loginAgain });

    const second = await logInForCode(user);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(
        (
          await post(t.app, '/api/twoFactorAuth', {
            emailID: user.email,
            ID: second.ID,
            OTP: second.code === '000000' ? '111111' : '000000',
          })
        ).json(),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 429]);
    // Every message is true: the fifth says the way out, and the right code is then refused
    // with the same way out, as is a new code asked for this login.
    expect(answers[4].message).toBe(
      'Too many wrong codes. Please log in again with your password.',
    );
    const afterwards = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID: second.ID,
      OTP: second.code,
    });
    expect(afterwards.json()).toEqual({
      status: 400,
      message: 'This login has ended. Please log in again with your password.',
      data: null,
    });
    const mailsBefore = t.smtp.mails.length;
    expect(
      (await post(t.app, '/api/resendOtp', { emailID: user.email, ID: second.ID })).statusCode,
    ).toBe(200);
    // Logging in again with the password is the way out; the resend mailed nothing.
    const third = await logInForCode(user);
    expect(mailsTo(user.email, mailsBefore)).toHaveLength(1);
    expect(
      (
        await post(t.app, '/api/twoFactorAuth', {
          emailID: user.email,
          ID: third.ID,
          OTP: third.code,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses another login's ID, an expired code (a new one may be asked for), and a login over 30 minutes old", async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const other = await signUpAndLogIn(t.app, t.smtp);
    const { ID, code } = await logInForCode(user);
    const otherLogin = await logInForCode(other);
    const crossed = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID: otherLogin.ID,
      OTP: code,
    });
    expect(crossed.json()).toMatchObject({ status: 400, message: accountTexts.loginAgain });
    const onOtherSite = await post(
      t.app,
      '/api/twoFactorAuth',
      { emailID: user.email, ID, OTP: code },
      { origin: SECOND_ORIGIN },
    );
    expect(onOtherSite.json()).toMatchObject({ status: 400, message: accountTexts.loginAgain });

    await t.database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.customerId, user.id));
    const expired = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID,
      OTP: code,
    });
    expect(expired.json().message).toBe('This OTP has expired. Please ask for a new one.');
    const mailsBefore = t.smtp.mails.length;
    await post(t.app, '/api/resendOtp', { emailID: user.email, ID });
    const fresh = await codeFromMail(t.smtp, user.email, mailsBefore);

    await t.database.db
      .update(pendingLogins)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(pendingLogins.customerId, user.id));
    const tooOld = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID,
      OTP: fresh,
    });
    expect(tooOld.json()).toMatchObject({ status: 400, message: accountTexts.loginAgain });
  });

  it('resends a new code only for a pending login, answering the same whatever the ID and address name', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const other = await signUpAndLogIn(t.app, t.smtp);
    const { ID, code: first } = await logInForCode(user);
    const otherLogin = await logInForCode(other);

    const mailsBefore = t.smtp.mails.length;
    const notPending = [
      { emailID: user.email, ID: otherLogin.ID },
      { emailID: user.email, ID: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { emailID: other.email, ID },
      { emailID: user.email, ID: user.loginId },
    ];
    const answers = [];
    for (const body of notPending) answers.push(await post(t.app, '/api/resendOtp', body));
    const resent = await post(t.app, '/api/resendOtp', { emailID: user.email, ID });
    const answerFor = (body: { emailID: string; ID: string }) => ({
      status: 200,
      message: `If this login is still open, a new OTP is on its way to ${maskEmail(body.emailID)}`,
      data: { ID: body.ID, emailId: body.emailID },
    });
    expect(resent.json()).toEqual(answerFor({ emailID: user.email, ID }));
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answerFor(notPending[index]!));
    }
    const second = await codeFromMail(t.smtp, user.email, mailsBefore);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user.email, mailsBefore)).toHaveLength(1);
    expect(mailsTo(other.email, mailsBefore)).toHaveLength(0);
    if (first !== second)
      expect(
        (await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID, OTP: first }))
          .statusCode,
      ).toBe(400);
    expect(
      (await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID, OTP: second }))
        .statusCode,
    ).toBe(200);
  });

  it('sends at most five codes in ten minutes to one account', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await post(t.app, '/api/login', { emailID: user.email, password: user.password }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('limits login attempts per client address', async () => {
    const remoteAddress = freshAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (
          await post(
            t.app,
            '/api/login',
            { emailID: `guess${attempt}@example.co.za`, password: 'Guess#2026' },
            { remoteAddress },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  const getSession = (cookies: Record<string, string>, origin = MAIN_ORIGIN) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { origin }, cookies });
  const refresh = (cookies: Record<string, string>, origin = MAIN_ORIGIN) =>
    post(t.app, '/api/auth/refresh', {}, { cookies, origin });
  const spendGraceOf = (refreshToken: string) =>
    t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));

  it('rotates the refresh token; reused within 10 s it renews again, later it revokes the whole session', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const refreshed = await refresh(user.cookies);
    expect(refreshed.statusCode).toBe(200);
    const rotated = cookiesOf(refreshed);
    expect(rotated.cp_refresh).not.toBe(user.cookies.cp_refresh);

    // A second tab with the same token a moment later: another rotation of the same session.
    const secondTab = await refresh(user.cookies);
    expect(secondTab.statusCode).toBe(200);
    expect(cookiesOf(secondTab).cp_refresh).not.toBe(rotated.cp_refresh);
    expect((await getSession({ ...user.cookies, ...cookiesOf(secondTab) })).statusCode).toBe(200);

    await spendGraceOf(user.cookies.cp_refresh!);
    const replay = await refresh(user.cookies);
    expect(replay.statusCode).toBe(401);
    expect((await refresh({ ...user.cookies, ...rotated })).statusCode).toBe(401);
    expect((await getSession({ ...user.cookies, ...rotated })).statusCode).toBe(401);
  });

  it('does not spend the refresh token when the refresh is refused for its site or for maintenance', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const elsewhere = await refresh(user.cookies, SECOND_ORIGIN);
    expect(elsewhere.json()).toMatchObject({ status: 403, message: accountTexts.otherCompany });
    expect(elsewhere.cookies.filter((cookie) => cookie.value === '')).toEqual([]);
    expect((await refresh(user.cookies, 'http://unknown.example')).statusCode).toBe(404);

    await setMaintenance(true);
    try {
      const duringMaintenance = await refresh(user.cookies);
      expect(duringMaintenance.statusCode).toBe(503);
      expect(duringMaintenance.json().status).toBe(300);
    } finally {
      await setMaintenance(false);
    }
    // None of these used the token: it still renews, once, and the session lives.
    const renewed = await refresh(user.cookies);
    expect(renewed.statusCode).toBe(200);
    expect((await getSession({ ...user.cookies, ...cookiesOf(renewed) })).statusCode).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(user.cookies.cp_refresh!)));
    expect(stored!.usedAt).not.toBeNull();
  });

  it('logout needs the CSRF header and a request from its own site, then revokes the session at once', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const withoutHeader = await post(t.app, '/api/auth/logout', {}, { cookies: user.cookies });
    expect(withoutHeader.json()).toMatchObject({ status: 403, message: accountTexts.csrfFailed });
    const wrongHeader = await post(
      t.app,
      '/api/auth/logout',
      {},
      { cookies: user.cookies, headers: { 'x-csrf-token': 'nope' } },
    );
    expect(wrongHeader.statusCode).toBe(403);
    const otherSite = await post(
      t.app,
      '/api/auth/logout',
      {},
      { cookies: user.cookies, headers: user.csrf, origin: SECOND_ORIGIN },
    );
    expect(otherSite.json()).toMatchObject({ status: 403, message: accountTexts.otherCompany });
    const foreignSite = await post(
      t.app,
      '/api/auth/logout',
      {},
      { cookies: user.cookies, headers: user.csrf, origin: 'https://evil.example' },
    );
    expect(foreignSite.statusCode).toBe(404);
    expect((await getSession(user.cookies)).statusCode).toBe(200);

    const logout = await post(
      t.app,
      '/api/auth/logout',
      {},
      { cookies: user.cookies, headers: user.csrf },
    );
    expect(logout.json().message).toBe('You have been logged out');
    const cleared = logout.cookies.filter((cookie) => cookie.name === 'cp_access');
    expect(cleared.map((cookie) => [cookie.path, cookie.value])).toEqual([
      ['/', ''],
      ['/api', ''],
    ]);
    expect((await getSession(user.cookies)).statusCode).toBe(401);
    // Nothing left to end: a second logout (the session's own timer, say) just clears cookies.
    const again = await post(t.app, '/api/auth/logout', {}, { cookies: user.cookies });
    expect(again.statusCode).toBe(200);
  });

  it('logout with only the refresh cookie left still needs the header of its session', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const refreshOnly = { cp_refresh: user.cookies.cp_refresh! };
    expect((await post(t.app, '/api/auth/logout', {}, { cookies: refreshOnly })).statusCode).toBe(
      403,
    );
    const logout = await post(
      t.app,
      '/api/auth/logout',
      {},
      { cookies: refreshOnly, headers: user.csrf },
    );
    expect(logout.statusCode).toBe(200);
    expect((await getSession(user.cookies)).statusCode).toBe(401);
  });

  it("refuses a session on another company's site", async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/userProfileInfo',
      headers: { origin: SECOND_ORIGIN },
      cookies: user.cookies,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('This session belongs to another site');
  });

  it('refuses a forged or missing access token', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const [body] = user.cookies.cp_access!.split('.');
    const forged = `${body}.AAAA`;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { origin: MAIN_ORIGIN },
          cookies: { cp_access: forged },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/userNotification',
          headers: { origin: MAIN_ORIGIN },
        })
      ).json(),
    ).toEqual({
      status: 401,
      message: 'Please log in to continue',
      data: null,
    });
  });

  it('needs the CSRF header on state-changing calls, and on the GET that removes the image', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const noHeader = await post(
      t.app,
      '/api/notification/updateUserNotification',
      { notification: [1] },
      { cookies: user.cookies },
    );
    expect(noHeader.statusCode).toBe(403);
    const wrongHeader = await post(
      t.app,
      '/api/notification/updateUserNotification',
      { notification: [1] },
      { cookies: user.cookies, headers: { 'x-csrf-token': 'nope' } },
    );
    expect(wrongHeader.statusCode).toBe(403);
    const withHeader = await post(
      t.app,
      '/api/notification/updateUserNotification',
      { notification: [1] },
      { cookies: user.cookies, headers: user.csrf },
    );
    expect(withHeader.statusCode).toBe(200);
    const removeWithout = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/removeProfileImage',
      headers: { origin: MAIN_ORIGIN },
      cookies: user.cookies,
    });
    expect(removeWithout.statusCode).toBe(403);
  });
});

describe('the access cookie on public calls', () => {
  const expiredAccessFor = async (cookies: Record<string, string>) => {
    const claims = verifyAccessToken(resolveSessionSecret(t.config), cookies.cp_access!);
    if (claims === null || claims === 'expired') throw new Error('no valid access token');
    return signAccessToken(resolveSessionSecret(t.config), {
      ...claims,
      expiresAt: Date.now() - 1000,
    });
  };

  it('treats an expired access cookie as a visitor on the public marketplace calls', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const cookies = { cp_access: await expiredAccessFor(user.cookies) };
    const products = await post(t.app, '/api/marketPlace/getProducts', {}, { cookies });
    expect(products.statusCode).toBe(200);
    expect(products.json().data.pricesVisible).toBe(false);
    const [card] = products.json().data.VMProducts as { productID: number }[];
    const specification = await post(
      t.app,
      '/api/marketPlace/getSpecification',
      { productID: card!.productID },
      { cookies },
    );
    expect(specification.statusCode).toBe(200);
    expect(specification.body).not.toMatch(/costPerUnit/);
    const filtered = await post(t.app, '/api/marketPlace/getFilteredProducts', {}, { cookies });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).not.toMatch(/vm_Cost/);
    // A customer's own call still asks the browser to renew.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: MAIN_ORIGIN },
      cookies,
    });
    expect(own.json()).toMatchObject({ status: 401, data: { reason: 'access-token-expired' } });
  });
});

describe('a customer call naming another company', () => {
  const profileUpdate = {
    firstName: 'Thandi',
    lastName: 'Nkosi',
    countryCode: '+27',
    contactNo: '825550199',
    companyName: '',
    vatNumber: '',
    address: '12 Long Street',
    region: 'South Africa',
    city: 'Cape Town',
    state: 'Western Cape',
    postCode: '8001',
  };

  it.each([
    ['websiteUrl', SECOND_ORIGIN],
    ['customerUrl', SECOND_ORIGIN],
    ['websiteUrl', 'https://unknown.example'],
    ['websiteUrl', 'not a site'],
  ])('is refused (403) when the body names %s %s', async (field, origin) => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const asUser = { cookies: user.cookies, headers: user.csrf };
    const profile = await post(
      t.app,
      '/api/profileSetting/updateUserProfile',
      { ...profileUpdate, firstName: 'Mallory', [field]: origin },
      asUser,
    );
    expect(profile.json()).toMatchObject({ status: 403, message: accountTexts.otherCompany });
    const [stored] = await t.database.db
      .select({ firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, user.id));
    expect(stored!.firstName).toBe('Thandi');
    const saved = await post(
      t.app,
      '/api/virtualMachine/deletedSavedVM',
      { savedProductID: 1, [field]: origin },
      asUser,
    );
    expect(saved.json()).toMatchObject({ status: 403, message: accountTexts.otherCompany });
  });

  it("is served when the body names the session's own site", async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const asUser = { cookies: user.cookies, headers: user.csrf };
    const profile = await post(
      t.app,
      '/api/profileSetting/updateUserProfile',
      { ...profileUpdate, websiteUrl: `${MAIN_ORIGIN}/`, customerUrl: '' },
      asUser,
    );
    expect(profile.statusCode).toBe(200);
    const saved = await post(
      t.app,
      '/api/virtualMachine/deletedSavedVM',
      { savedProductID: 999_999, websiteUrl: MAIN_ORIGIN },
      asUser,
    );
    expect(saved.statusCode).toBe(404);
  });
});
