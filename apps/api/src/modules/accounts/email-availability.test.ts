import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import { freshAddress, post, validSignUp } from '../../../test/support/accounts';
import { createTestApp, SECOND_ORIGIN, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (emailID: unknown, options: Parameters<typeof post>[3] = {}) =>
  post(t.app, '/api/checkEmail', { emailID }, options);

async function signUp(origin?: string) {
  const payload = validSignUp();
  const response = await post(t.app, '/api/adduser', payload, { origin });
  expect(response.statusCode).toBe(200);
  return payload.emailID;
}

describe('POST /api/checkEmail', () => {
  it('answers 200 with the address as sign-up stores it when it has no account', async () => {
    const response = await check('  Nomsa.Dlamini@Example.co.za ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: accountTexts.emailAvailable,
      data: { emailID: 'nomsa.dlamini@example.co.za' },
    });
  });

  it("answers adduser's 409 for an address with an account, in any letter case", async () => {
    const email = await signUp();
    for (const asTyped of [email, email.toUpperCase(), ` ${email} `]) {
      const response = await check(asTyped);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        status: 409,
        message: accountTexts.emailTaken,
        data: null,
      });
    }
    const again = await post(t.app, '/api/adduser', validSignUp({ emailID: email }));
    expect(again.json().message).toBe(accountTexts.emailTaken);
  });

  it("refuses with adduser's rule and message what adduser would refuse", async () => {
    for (const [value, message] of [
      ['', accountMessages.emailRequired],
      ['thandi@', accountMessages.emailInvalid],
      ['"><svg/onload=alert(4)>@evil.io', accountMessages.emailInvalid],
      ['😀@example.com', accountMessages.emailInvalid],
      ['nul\u0000@example.com', accountMessages.emailInvalid],
      [42, accountMessages.emailRequired],
    ] as const) {
      const response = await check(value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().data.errors, String(value)).toEqual([{ field: 'emailID', message }]);
      const signUp = await post(t.app, '/api/adduser', validSignUp({ emailID: value }));
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json().data.errors).toContainEqual({ field: 'emailID', message });
    }
  });

  it("treats another company's customer as free: an email is unique per company", async () => {
    const email = await signUp(SECOND_ORIGIN);
    expect((await check(email, { origin: SECOND_ORIGIN })).statusCode).toBe(409);
    const onMain = await check(email);
    expect(onMain.statusCode).toBe(200);
    expect(onMain.json().data).toEqual({ emailID: email });
  });

  it('answers 404 for a site that is no company', async () => {
    const response = await check('someone@example.com', { origin: 'http://nobody.example' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.companyNotRegistered);
  });

  it('answers 429 after 5 checks a minute from one client address, and only to it', async () => {
    const remoteAddress = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await check(`probe.${index}@example.com`, { remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await check('probe.x@example.com', { remoteAddress });
    expect(limited.json()).toMatchObject({ status: 429, message: messages.tooManyRequests });
    expect((await check('probe.x@example.com')).statusCode).toBe(200);
  });
});
