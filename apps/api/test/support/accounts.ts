import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SmtpReceiver } from './smtp-receiver';
import { MAIN_ORIGIN } from './test-app';

let nextAddress = 0;
/** A client address of its own, so per-address rate limits only bite where a test means them to. */
export const freshAddress = () => `10.20.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`;

export const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Thandi',
  lastName: 'Nkosi',
  emailID: `thandi.${Math.random().toString(36).slice(2, 8)}@example.co.za`,
  countryCode: '+27',
  contactNo: '825550199',
  password: 'Kgotso#2026',
  companyName: 'Ubuntu Analytics',
  vatNumber: '4123456789',
  address: '12 Long Street',
  region: 'South Africa',
  city: 'Cape Town',
  state: 'Western Cape',
  postCode: '8001',
  roleType: 'user',
  ...overrides,
});

export function post(
  app: FastifyInstance,
  url: string,
  payload: object,
  options: {
    origin?: string;
    cookies?: Record<string, string>;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: options.origin ?? MAIN_ORIGIN, ...options.headers },
    cookies: options.cookies,
    remoteAddress: options.remoteAddress ?? freshAddress(),
  });
}

/** The cookies a response set, as a browser would keep them. */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(
    response.cookies
      .filter((cookie) => cookie.value !== '')
      .map((cookie) => [cookie.name, cookie.value]),
  );
}

export async function codeFromMail(smtp: SmtpReceiver, email: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(
    (received) =>
      received.to.includes(email) &&
      /code/i.test(received.subject) &&
      smtp.mails.indexOf(received) >= after,
  );
  return mail.subject.match(/(\d{6})$/)![1]!;
}

/**
 * Signs up and completes the code step: answers the session cookies, the customer's id (from the
 * session user) and the pending login's reference the sign-up answered.
 */
export async function signUpAndLogIn(
  app: FastifyInstance,
  smtp: SmtpReceiver,
  overrides: Record<string, unknown> = {},
  origin = MAIN_ORIGIN,
) {
  const payload = validSignUp(overrides);
  const signUp = await post(app, '/api/adduser', payload, { origin });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const { ID } = signUp.json().data;
  const code = await codeFromMail(smtp, payload.emailID);
  const verified = await post(
    app,
    '/api/twoFactorAuth',
    { emailID: payload.emailID, ID, OTP: code },
    { origin },
  );
  if (verified.statusCode !== 200) throw new Error(`code failed: ${verified.body}`);
  const cookies = cookiesOf(verified);
  return {
    id: (verified.json() as { data: { ID: number }[] }).data[0]!.ID,
    loginId: ID as string,
    email: payload.emailID as string,
    password: payload.password as string,
    cookies,
    csrf: { 'x-csrf-token': cookies.cp_csrf! },
  };
}
