import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { loginCodes, refreshTokens } from '../../db/schema/accounts';
import { sha256 } from '../../lib/tokens';
import { createListeningTestApp, MAIN_ORIGIN } from '../../../test/support/test-app';
import { codeFromMail, signUpAndLogIn } from '../../../test/support/accounts';
import {
  sendAtOnce,
  sendOne,
  type BurstRequest,
  type BurstResponse,
} from '../../../test/support/http-burst';

/*
 * Every limit of the account calls must hold when the requests race. PGlite runs one query at a
 * time and hides races; with DATABASE_URL set (CI) these run on PostgreSQL with a pool large
 * enough for the requests to overlap. The app listens on a real port and each burst is written
 * on its own sockets in the same tick.
 */

let t: Awaited<ReturnType<typeof createListeningTestApp>>;
let port: number;
beforeAll(async () => {
  t = await createListeningTestApp();
  port = t.port;
});
afterAll(() => t.close());

let nextClient = 0;
const asBrowser = (cookies: Record<string, string> = {}): Record<string, string> => {
  nextClient += 1;
  const cookieHeader = Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  return {
    origin: MAIN_ORIGIN,
    'x-forwarded-for': `10.77.${Math.floor(nextClient / 250)}.${nextClient % 250}`,
    ...(cookieHeader === '' ? {} : { cookie: cookieHeader }),
  };
};
const times = (count: number, request: () => BurstRequest) =>
  Array.from({ length: count }, request);
const countOf = (responses: BurstResponse[], status: number, message?: string) =>
  responses.filter(
    (response) =>
      response.status === status && (message === undefined || response.json().message === message),
  ).length;

async function pendingLogin(user: { email: string; password: string }) {
  const mailsBefore = t.smtp.mails.length;
  const login = await sendOne(port, {
    path: '/api/login',
    body: { emailID: user.email, password: user.password },
    headers: asBrowser(),
  });
  expect(login.status).toBe(200);
  const { ID } = login.json().data as { ID: string };
  return { ID, code: await codeFromMail(t.smtp, user.email, mailsBefore) };
}

describe('one-time codes under concurrent requests', () => {
  it('compares at most five of 60 wrong codes sent at once, and the right code is then refused', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const { ID, code } = await pendingLogin(user);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const burst = await sendAtOnce(
      port,
      times(60, () => ({
        path: '/api/twoFactorAuth',
        body: { emailID: user.email, ID, OTP: wrongCode },
        headers: asBrowser(),
      })),
    );
    expect(countOf(burst, 400, accountMessages.otpIncorrect)).toBe(4);
    expect(countOf(burst, 429, accountTexts.otpTooManyAttempts)).toBe(1);
    expect(countOf(burst, 400, accountTexts.loginAgain)).toBe(55);

    const right = await sendOne(port, {
      path: '/api/twoFactorAuth',
      body: { emailID: user.email, ID, OTP: code },
      headers: asBrowser(),
    });
    expect(right.status).toBe(400);
    expect(right.json().message).toBe(accountTexts.loginAgain);
    const [stored] = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.customerId, user.id))
      .orderBy(sql`${loginCodes.id} desc`)
      .limit(1);
    expect(stored!.failedAttempts).toBe(5);
    expect(stored!.consumedAt).not.toBeNull();
  });

  it('starts one session for the right code sent ten times at once', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const { ID, code } = await pendingLogin(user);
    const burst = await sendAtOnce(
      port,
      times(10, () => ({
        path: '/api/twoFactorAuth',
        body: { emailID: user.email, ID, OTP: code },
        headers: asBrowser(),
      })),
    );
    expect(countOf(burst, 200)).toBe(1);
    expect(countOf(burst, 400, accountTexts.loginAgain)).toBe(9);
  });

  it('mails at most five codes in ten minutes however many logins race', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const burst = await sendAtOnce(
      port,
      times(8, () => ({
        path: '/api/login',
        body: { emailID: user.email, password: user.password },
        headers: asBrowser(),
      })),
    );
    // The sign-up's code was the first of the five.
    expect(countOf(burst, 200)).toBeLessThanOrEqual(4);
    const codes = await t.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.customerId, user.id));
    expect(codes.length).toBeLessThanOrEqual(5);
  });
});

describe('the password pause under concurrent requests', () => {
  it.each([10, 20, 40])(
    'verifies at most five of %i wrong passwords sent at once, then pauses even the right one',
    async (size) => {
      const user = await signUpAndLogIn(t.app, t.smtp);
      const burst = await sendAtOnce(
        port,
        times(size, () => ({
          path: '/api/login',
          body: { emailID: user.email, password: 'Wrong#2026' },
          headers: asBrowser(),
        })),
      );
      expect(countOf(burst, 401, accountTexts.invalidCredentials)).toBe(5);
      expect(countOf(burst, 429, accountTexts.loginPaused)).toBe(size - 5);
      const right = await sendOne(port, {
        path: '/api/login',
        body: { emailID: user.email, password: user.password },
        headers: asBrowser(),
      });
      expect(right.status).toBe(429);
    },
  );

  it('pauses an address that has no account exactly as it pauses a real one', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const burstFor = (emailID: string) =>
      sendAtOnce(
        port,
        times(20, () => ({
          path: '/api/login',
          body: { emailID, password: 'Wrong#2026' },
          headers: asBrowser(),
        })),
      );
    const real = await burstFor(user.email);
    const unknown = await burstFor(`nobody.${Date.now()}@example.co.za`);
    for (const burst of [real, unknown]) {
      expect(countOf(burst, 401)).toBe(5);
      expect(countOf(burst, 429)).toBe(15);
    }
    const realPaused = real.find((response) => response.status === 429)!;
    const unknownPaused = unknown.find((response) => response.status === 429)!;
    expect(unknownPaused.json()).toEqual(realPaused.json());
    expect(Object.keys(unknownPaused.headers).sort()).toEqual(
      Object.keys(realPaused.headers).sort(),
    );
  });
});

describe('refreshing a session from two tabs at once', () => {
  const refresh = (cookies: Record<string, string>): BurstRequest => ({
    path: '/api/auth/refresh',
    headers: asBrowser(cookies),
  });
  const sessionOf = (cookies: Record<string, string>) =>
    sendOne(port, { method: 'GET', path: '/api/auth/session', headers: asBrowser(cookies) });

  it('renews both and keeps the session when the same refresh token is used twice in parallel', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const [first, second] = await sendAtOnce(port, [refresh(user.cookies), refresh(user.cookies)]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    for (const tab of [first!, second!]) {
      const cookies = { ...user.cookies, ...tab.cookies };
      expect((await sessionOf(cookies)).status).toBe(200);
      expect((await sendOne(port, refresh(cookies))).status).toBe(200);
    }
  });

  it('still revokes the session when a spent refresh token comes back after the grace window', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const renewed = await sendOne(port, refresh(user.cookies));
    expect(renewed.status).toBe(200);
    const current = { ...user.cookies, ...renewed.cookies };
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.tokenHash, sha256(user.cookies.cp_refresh!)));

    const replay = await sendOne(port, refresh(user.cookies));
    expect(replay.status).toBe(401);
    expect((await sessionOf(current)).status).toBe(401);
    expect((await sendOne(port, refresh(current))).status).toBe(401);
  });
});
