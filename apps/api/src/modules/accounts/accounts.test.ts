import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, loginCodes } from '../../db/schema/accounts';
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

describe('sign-up (POST /api/adduser)', () => {
  it('creates the account with an argon2id hash, mails a code, and the code starts a session in httpOnly cookies', async () => {
    const payload = validSignUp({
      firstName: '  Thandi   Nomvula ',
      emailID: 'Signup.One@Example.co.za',
    });
    const response = await post(t.app, '/api/adduser', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('An OTP is sent to your s*********@example.co.za');
    const { ID, emailId } = response.json().data;
    expect(emailId).toBe('signup.one@example.co.za');

    const [stored] = await t.database.db.select().from(customers).where(eq(customers.id, ID));
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
      .where(eq(loginCodes.customerId, ID));
    expect(storedCode!.codeHash).not.toContain(code);

    const verified = await post(t.app, '/api/twoFactorAuth', { emailID: emailId, ID, OTP: code });
    expect(verified.json()).toMatchObject({
      status: 200,
      message: 'OTP has been verified successfully!',
    });
    expect(verified.json().data[0]).toMatchObject({
      ID,
      firstName: 'Thandi Nomvula',
      emailID: emailId,
    });
    const access = verified.cookies.find((cookie) => cookie.name === 'cp_access')!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
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
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, ID));
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

  it('mails a code that works once; wrong codes count and the fifth spends it', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const mailsBefore = t.smtp.mails.length;
    const login = await post(t.app, '/api/login', { emailID: user.email, password: user.password });
    expect(login.json().message).toMatch(/^An OTP is sent to your t\*+@example\.co\.za$/);
    const code = await codeFromMail(t.smtp, user.email, mailsBefore);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID: user.id,
      OTP: wrongCode,
    });
    expect(wrong.json()).toEqual({ status: 400, message: 'Please enter correct OTP.', data: null });
    const right = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID: user.id,
      OTP: code,
    });
    expect(right.json().message).toBe('Login successfully!');
    expect(
      (await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID: user.id, OTP: code }))
        .statusCode,
    ).toBe(400);

    const before2 = t.smtp.mails.length;
    await post(t.app, '/api/login', { emailID: user.email, password: user.password });
    const code2 = await codeFromMail(t.smtp, user.email, before2);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (
          await post(t.app, '/api/twoFactorAuth', {
            emailID: user.email,
            ID: user.id,
            OTP: code2 === '000000' ? '111111' : '000000',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(
      (await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID: user.id, OTP: code2 }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an expired code, and a code for another account id', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const before = t.smtp.mails.length;
    await post(t.app, '/api/login', { emailID: user.email, password: user.password });
    const code = await codeFromMail(t.smtp, user.email, before);
    expect(
      (
        await post(t.app, '/api/twoFactorAuth', {
          emailID: user.email,
          ID: user.id + 1000,
          OTP: code,
        })
      ).statusCode,
    ).toBe(400);
    await t.database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.customerId, user.id));
    const expired = await post(t.app, '/api/twoFactorAuth', {
      emailID: user.email,
      ID: user.id,
      OTP: code,
    });
    expect(expired.json().message).toBe('This OTP has expired. Please ask for a new one.');
  });

  it('resends a new code for a pending login only, and the old one stops working', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const noPending = await post(t.app, '/api/resendOtp', { emailID: user.email, ID: user.id });
    expect(noPending.statusCode).toBe(400);

    const before = t.smtp.mails.length;
    await post(t.app, '/api/login', { emailID: user.email, password: user.password });
    const first = await codeFromMail(t.smtp, user.email, before);
    const beforeResend = t.smtp.mails.length;
    const resent = await post(t.app, '/api/resendOtp', { emailID: user.email, ID: user.id });
    expect(resent.json().message).toMatch(/^An OTP is resent to your t\*+@example\.co\.za$/);
    const second = await codeFromMail(t.smtp, user.email, beforeResend);
    if (first !== second)
      expect(
        (await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID: user.id, OTP: first }))
          .statusCode,
      ).toBe(400);
    expect(
      (await post(t.app, '/api/twoFactorAuth', { emailID: user.email, ID: user.id, OTP: second }))
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
  it('rotates the refresh token, and a reused one revokes the whole session', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const refreshed = await post(t.app, '/api/auth/refresh', {}, { cookies: user.cookies });
    expect(refreshed.statusCode).toBe(200);
    const rotated = cookiesOf(refreshed);
    expect(rotated.cp_refresh).not.toBe(user.cookies.cp_refresh);

    const replay = await post(t.app, '/api/auth/refresh', {}, { cookies: user.cookies });
    expect(replay.statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/auth/refresh', {}, { cookies: { ...user.cookies, ...rotated } }))
        .statusCode,
    ).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: MAIN_ORIGIN },
      cookies: { ...user.cookies, ...rotated },
    });
    expect(session.statusCode).toBe(401);
  });

  it('logout revokes the session at once', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const logout = await post(t.app, '/api/auth/logout', {}, { cookies: user.cookies });
    expect(logout.json().message).toBe('You have been logged out');
    expect(logout.cookies.find((cookie) => cookie.name === 'cp_access')!.value).toBe('');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: MAIN_ORIGIN },
      cookies: user.cookies,
    });
    expect(after.statusCode).toBe(401);
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

describe('password recovery', () => {
  const recoveryToken = async (email: string, after: number) => {
    const mail = await t.smtp.waitFor(
      (received) =>
        received.to.includes(email) &&
        /Reset your/.test(received.subject) &&
        t.smtp.mails.indexOf(received) >= after,
    );
    return new URL(
      mail.text.match(/http:\/\/localhost:3000\/recoverpassword\?token=[\w-]+/)![0],
    ).searchParams.get('token')!;
  };

  it('answers the same whether or not the address has an account', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const known = await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const unknown = await post(t.app, '/api/forgotPassword', { emailID: 'ghost@example.co.za' });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      status: 200,
      message: 'An email is sent to your account please check and log in.',
      data: null,
    });
  });

  it('sets a new password once with the link, ends every session, and lets the new password log in', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const token = await recoveryToken(user.email, before);

    const weak = await post(t.app, '/api/updatePassword', {
      password: 'weak',
      confirmPassword: 'weak',
      queryStringValue: token,
    });
    expect(weak.json().message).toBe('Please enter valid password');
    const mismatch = await post(t.app, '/api/updatePassword', {
      password: 'Nuwe#Pass1',
      confirmPassword: 'Nuwe#Pass2',
      queryStringValue: token,
    });
    expect(mismatch.json().data.errors).toContainEqual({
      field: 'confirmPassword',
      message: 'Password does not match',
    });

    const reset = await post(t.app, '/api/updatePassword', {
      password: 'Nuwe#Pass1',
      confirmPassword: 'Nuwe#Pass1',
      queryStringValue: token,
    });
    expect(reset.json().message).toBe('Your password has been updated. Please log in.');
    expect(
      (
        await post(t.app, '/api/updatePassword', {
          password: 'Nuwe#Pass1',
          confirmPassword: 'Nuwe#Pass1',
          queryStringValue: token,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { origin: MAIN_ORIGIN },
          cookies: user.cookies,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, '/api/login', { emailID: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, '/api/login', { emailID: user.email, password: 'Nuwe#Pass1' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired link and links of another site', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const token = await recoveryToken(user.email, before);
    const elsewhere = await post(
      t.app,
      '/api/updatePassword',
      { password: 'Nuwe#Pass1', confirmPassword: 'Nuwe#Pass1', queryStringValue: token },
      { origin: SECOND_ORIGIN },
    );
    expect(elsewhere.json().message).toBe('This password recovery link is invalid or has expired');
    const { passwordResetTokens } = await import('../../db/schema/accounts');
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) });
    expect(
      (
        await post(t.app, '/api/updatePassword', {
          password: 'Nuwe#Pass1',
          confirmPassword: 'Nuwe#Pass1',
          queryStringValue: token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('mails at most three links an hour to one account', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await post(t.app, '/api/forgotPassword', { emailID: user.email });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(
      t.smtp.mails.filter(
        (mail) => mail.to.includes(user.email) && /Reset your/.test(mail.subject),
      ),
    ).toHaveLength(3);
  });

  it('mails the login address for a forgotten user name', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const response = await post(t.app, '/api/forgotUserName', { emailID: user.email });
    expect(response.json().message).toBe(
      'An email is sent to your account please check and log in.',
    );
    const reminder = await t.smtp.waitFor(
      (mail) => mail.to.includes(user.email) && mail.subject === 'Your Nimbus Africa Cloud login',
    );
    expect(reminder.text).toContain(user.email);
  });
});
