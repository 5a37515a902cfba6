import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import { createTestAppWithMail, MAIN_ORIGIN } from '../../test/support/test-app';
import { freshAddress, post, signUpAndLogIn, validSignUp } from '../../test/support/accounts';
import { multipartBody } from '../../test/support/multipart';
import { JSON_BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from './json-body';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let customer: Awaited<ReturnType<typeof signUpAndLogIn>>;
let operatingSystemId: number;
/** What the app logs at error level or above (a failure it did not expect), one entry a line. */
const loggedErrors: { msg?: string; err?: { message?: string } }[] = [];
beforeAll(async () => {
  t = await createTestAppWithMail(
    { LOG_LEVEL: 'error' },
    {
      logStream: {
        write: (line: string) => {
          loggedErrors.push(JSON.parse(line));
        },
      },
    },
  );
  customer = await signUpAndLogIn(t.app, t.smtp);
  const filters = await post(t.app, '/api/marketPlace/getFilteredProducts', {});
  operatingSystemId = filters.json().data.operatingSystem?.[0]?.ID ?? 1;
});
afterAll(async () => {
  await t.close();
});

const TEXT = messages.textControlCharacters;
const JSON_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

function expectFieldRefused(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
  const body = response.json();
  expect(body.status).toBe(400);
  expect(body.data.errors, field).toContainEqual({ field, message });
}

function expectEnvelope(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(JSON.parse(response.body)).toEqual({ status, message, data: null });
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.headers).toMatchObject(JSON_HEADERS);
}

/** `value` with a NUL in the middle of its first word. */
const withNul = (value: string) => value.replace(/^(.)/, '$1\u0000');

describe('a NUL byte in any text field is 400 with that field’s message, never 500', () => {
  it('writeToUs', async () => {
    const body = { emailID: 'thandi@example.com', content: 'Hello there' };
    for (const [field, message] of [
      ['emailID', messages.emailInvalid],
      ['content', TEXT],
    ] as const) {
      const sent = { ...body, [field]: withNul(body[field]) };
      expectFieldRefused(await post(t.app, '/api/writeToUs', sent), field, message);
    }
  });

  it('newsLetter/subscribeUser', async () => {
    const response = await post(t.app, '/api/newsLetter/subscribeUser', {
      emailID: 'thandi\u0000@example.com',
    });
    expectFieldRefused(response, 'emailID', messages.emailInvalid);
  });

  it('login and forgotPassword', async () => {
    expectFieldRefused(
      await post(t.app, '/api/login', { emailID: withNul(customer.email), password: 'x' }),
      'emailID',
      accountMessages.emailInvalid,
    );
    expectFieldRefused(
      await post(t.app, '/api/login', { emailID: customer.email, password: 'Kgotso#2026\u0000' }),
      'password',
      TEXT,
    );
    expectFieldRefused(
      await post(t.app, '/api/forgotPassword', { emailID: withNul(customer.email) }),
      'emailID',
      accountMessages.emailInvalid,
    );
  });

  const accountFieldMessages = {
    firstName: accountTexts.lettersOnly,
    lastName: accountTexts.lettersOnly,
    countryCode: accountMessages.countryCodeRequired,
    contactNo: accountMessages.mobileInvalid,
    companyName: TEXT,
    vatNumber: TEXT,
    address: TEXT,
    region: TEXT,
    city: accountTexts.lettersOnly,
    state: accountTexts.lettersOnly,
    postCode: accountTexts.postcodeCharacters,
  } as const;

  it('adduser, every field', async () => {
    const signUpMessages = {
      ...accountFieldMessages,
      emailID: accountMessages.emailInvalid,
      password: TEXT,
    };
    for (const [field, message] of Object.entries(signUpMessages)) {
      const payload = validSignUp();
      const sent = { ...payload, [field]: withNul(String(payload[field as keyof typeof payload])) };
      expectFieldRefused(await post(t.app, '/api/adduser', sent), field, message);
    }
  });

  it('profileSetting/updateUserProfile, every field', async () => {
    const profile = validSignUp();
    for (const [field, message] of Object.entries(accountFieldMessages)) {
      const sent = { ...profile, [field]: withNul(String(profile[field as keyof typeof profile])) };
      const response = await post(t.app, '/api/profileSetting/updateUserProfile', sent, {
        cookies: customer.cookies,
        headers: customer.csrf,
      });
      expectFieldRefused(response, field, message);
    }
  });

  it('marketPlace/getProductNames', async () => {
    for (const field of ['search', 'serviceName']) {
      const response = await post(t.app, '/api/marketPlace/getProductNames', {
        operatingSystem: operatingSystemId,
        [field]: 'Ubuntu\u0000',
      });
      expectFieldRefused(response, field, TEXT);
    }
  });

  it('productServicesData/sendQueryMail', async () => {
    const body = {
      name: 'Thandi',
      emailID: 'thandi@example.com',
      queryData: 'Please call me',
      productService: 'Backup',
    };
    for (const [field, message] of [
      ['name', TEXT],
      ['emailID', messages.emailInvalidLogin],
      ['queryData', TEXT],
      ['productService', TEXT],
    ] as const) {
      const sent = { ...body, [field]: withNul(body[field]) };
      expectFieldRefused(
        await post(t.app, '/api/productServicesData/sendQueryMail', sent),
        field,
        message,
      );
    }
  });

  it('membership/sendEnquiry (multipart), every field', async () => {
    const fields = {
      companyName: 'Ubuntu Analytics',
      emailID: 'enquiry@example.com',
      contactNo: '+27 82 555 0199',
      vatNumber: '4123456789',
      registrationNumber: '2024/123456/07',
      companyAddress: '12 Long Street, Cape Town',
    };
    for (const [field, message] of [
      ['companyName', TEXT],
      ['emailID', messages.emailInvalid],
      ['contactNo', messages.contactNumberInvalid],
      ['vatNumber', TEXT],
      ['registrationNumber', TEXT],
      ['companyAddress', TEXT],
    ] as const) {
      const { payload, headers } = multipartBody({ ...fields, [field]: withNul(fields[field]) });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/membership/sendEnquiry',
        payload,
        headers: { ...headers, origin: MAIN_ORIGIN },
        remoteAddress: freshAddress(),
      });
      expectFieldRefused(response, field, message);
    }
  });

  it('other control characters too, while tabs and line breaks stay allowed', async () => {
    for (const character of ['\u0001', '\u001b', '\u007f', '\u009b']) {
      const response = await post(t.app, '/api/writeToUs', {
        emailID: 'thandi@example.com',
        content: `Hello${character}there`,
      });
      expectFieldRefused(response, 'content', TEXT);
    }
    const multiline = await post(t.app, '/api/writeToUs', {
      emailID: 'thandi@example.com',
      content: 'Hello,\r\n\tthere',
    });
    expect(multiline.statusCode, multiline.body).toBe(200);
  });
});

describe('a malformed upload is 400 in the envelope, never 500 nor a logged failure', () => {
  const PDF = Buffer.from('%PDF-1.4\n% a licence\n%%EOF');
  const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const membershipFields = {
    companyName: 'Ubuntu Analytics',
    emailID: 'enquiry@example.com',
    contactNo: '+27 82 555 0199',
    vatNumber: '4123456789',
    registrationNumber: '2024/123456/07',
    companyAddress: '12 Long Street, Cape Town',
  };
  /** Every call that reads multipart/form-data, with a well-formed body of its own. */
  const uploadRoutes = [
    {
      url: '/api/virtualMachine/uploadCustomerLicense',
      asCustomer: true,
      fields: { orderID: 'order-1', vmName: 'Windows Server' },
      file: {
        field: 'image',
        filename: 'licence.pdf',
        contentType: 'application/pdf',
        content: PDF,
      },
    },
    {
      url: '/api/profileSetting/updateProfileImage',
      asCustomer: true,
      fields: {},
      file: { field: 'image', filename: 'me.png', contentType: 'image/png', content: PNG_HEADER },
    },
    {
      url: '/api/ticket/generateTicket',
      asCustomer: true,
      fields: { issueType: '1', description: 'The console is black' },
      file: { field: 'files', filename: 'shot.png', contentType: 'image/png', content: PNG_HEADER },
    },
    {
      url: '/api/ticket/replyTicket',
      asCustomer: true,
      fields: { ticketID: '1', message: 'Still black' },
      file: { field: 'files', filename: 'shot.png', contentType: 'image/png', content: PNG_HEADER },
    },
    {
      url: '/api/membership/sendEnquiry',
      asCustomer: false,
      fields: membershipFields,
      file: {
        field: 'companyLogo',
        filename: 'logo.png',
        contentType: 'image/png',
        content: PNG_HEADER,
      },
    },
  ] as const;

  const send = (
    route: (typeof uploadRoutes)[number],
    payload: Buffer | string,
    contentType: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: route.url,
      payload,
      headers: {
        origin: MAIN_ORIGIN,
        'content-type': contentType,
        ...(route.asCustomer ? customer.csrf : {}),
      },
      ...(route.asCustomer ? { cookies: customer.cookies } : {}),
      remoteAddress: freshAddress(),
    });

  /** A form sent with `boundary`, written out by hand as a browser would. */
  const formWith = (boundary: string, route: (typeof uploadRoutes)[number]) =>
    Buffer.concat([
      ...Object.entries(route.fields).map(([name, value]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${route.file.field}"; filename="${route.file.filename}"\r\nContent-Type: ${route.file.contentType}\r\n\r\n`,
      ),
      route.file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

  async function expectUnreadable(
    route: (typeof uploadRoutes)[number],
    payload: Buffer | string,
    contentType: string,
    what: string,
  ) {
    const errorsBefore = loggedErrors.length;
    const response = await send(route, payload, contentType);
    expect(response.statusCode, `${route.url}, ${what}: ${response.body}`).toBe(400);
    expect(response.json(), `${route.url}, ${what}`).toEqual({
      status: 400,
      message: messages.uploadUnreadable,
      data: null,
    });
    expect(response.headers).toMatchObject(JSON_HEADERS);
    expect(loggedErrors.slice(errorsBefore), `${route.url}, ${what}`).toEqual([]);
  }

  it('lists every call that reads multipart/form-data: every other call refuses it', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const readingMultipart: string[] = [];
    for (const [template, methods] of Object.entries(spec.paths as Record<string, object>)) {
      const url = template.replace(/\{[^}]+\}/g, 'x');
      for (const method of Object.keys(methods)) {
        if (method === 'get' || method === 'head') continue;
        const response = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          payload: 'not a form',
          headers: { origin: MAIN_ORIGIN, 'content-type': 'multipart/form-data', ...customer.csrf },
          cookies: customer.cookies,
          remoteAddress: freshAddress(),
        });
        if (response.statusCode !== 415)
          readingMultipart.push(`${method} ${url} ${response.statusCode}`);
      }
    }
    expect(readingMultipart.sort()).toEqual(
      [
        ...uploadRoutes.map((route) => `post ${route.url} 400`),
        // The desk's answer reads a form too, but refuses a customer before reading it.
        'post /api/operator/tickets/x/answer 401',
      ].sort(),
    );
  });

  it('multipart without a boundary', async () => {
    for (const route of uploadRoutes) {
      const form = formWith('----cp-boundary', route);
      await expectUnreadable(route, form, 'multipart/form-data', 'no boundary');
      await expectUnreadable(route, form, 'multipart/form-data; charset=utf-8', 'no boundary');
    }
  });

  it('a body cut short', async () => {
    for (const route of uploadRoutes) {
      const form = formWith('----cp-boundary', route);
      const type = 'multipart/form-data; boundary=----cp-boundary';
      for (const length of [form.length - 4, Math.floor(form.length / 2), 20]) {
        await expectUnreadable(route, form.subarray(0, length), type, `cut at ${length}`);
      }
    }
  });

  it('a boundary over 256 characters (70 is the most RFC 2046 allows)', async () => {
    for (const route of uploadRoutes) {
      const boundary = 'b'.repeat(300);
      await expectUnreadable(
        route,
        formWith(boundary, route),
        `multipart/form-data; boundary=${boundary}`,
        'long boundary',
      );
    }
  });

  it('a well-formed form still reaches the call (its own answer, not this one)', async () => {
    for (const route of uploadRoutes) {
      const boundary = 'x'.repeat(250);
      const response = await send(
        route,
        formWith(boundary, route),
        `multipart/form-data; boundary=${boundary}`,
      );
      expect(response.json().message, route.url).not.toBe(messages.uploadUnreadable);
      expect(response.statusCode, route.url).toBeLessThan(500);
    }
  });

  it('uploadCustomerLicense: a NUL byte in a field is that field’s 400, never a query', async () => {
    const route = uploadRoutes[0];
    for (const field of ['orderID', 'vmName'] as const) {
      const sent = { ...route, fields: { ...route.fields, [field]: withNul(route.fields[field]) } };
      const errorsBefore = loggedErrors.length;
      const response = await send(
        sent,
        formWith('----cp-boundary', sent),
        'multipart/form-data; boundary=----cp-boundary',
      );
      expectFieldRefused(response, field, TEXT);
      expect(loggedErrors.slice(errorsBefore)).toEqual([]);
    }
  });
});

describe('JSON bodies are bounded in size and depth', () => {
  const nested = (depth: number) => `{"emailID":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it('refuses a body over the limit with 413 in the envelope', async () => {
    const response = await post(t.app, '/api/newsLetter/subscribeUser', {
      emailID: `${'x'.repeat(JSON_BODY_LIMIT_BYTES)}@example.com`,
    });
    expectEnvelope(response, 413, messages.requestTooLarge);
  });

  it('takes the largest real body of any call', async () => {
    const response = await post(t.app, '/api/writeToUs', {
      emailID: 'thandi@example.com',
      content: '가'.repeat(5_000),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses nesting deeper than the limit with 400 before parsing it', async () => {
    const tooDeep = await t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { origin: MAIN_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: freshAddress(),
      payload: nested(MAX_JSON_DEPTH + 1),
    });
    expectEnvelope(tooDeep, 400, messages.requestTooDeep);

    const atTheLimit = await t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { origin: MAIN_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: freshAddress(),
      payload: nested(MAX_JSON_DEPTH),
    });
    expectFieldRefused(atTheLimit, 'emailID', messages.emailRequired);
  });

  it('counts brackets in strings as text, not nesting', async () => {
    const response = await post(t.app, '/api/writeToUs', {
      emailID: 'thandi@example.com',
      content: `[[[[[[[[[[[[ "{{{{{{{{{{{{{{ \\" [[[[[[[[[[`,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a body of nested arrays within the size limit at once', async () => {
    const worst =
      '['.repeat(JSON_BODY_LIMIT_BYTES / 2 - 1) + ']'.repeat(JSON_BODY_LIMIT_BYTES / 2 - 1);
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/writeToUs',
      headers: { origin: MAIN_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: freshAddress(),
      payload: worst,
    });
    expect(performance.now() - started).toBeLessThan(100);
    expectEnvelope(response, 400, messages.requestTooDeep);
  });
});

describe("Fastify's own answers are envelopes with the JSON security headers", () => {
  it('a URL that does not decode', async () => {
    for (const url of ['/api/%E0%A4%A', '/api/news/%ZZ', '/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectEnvelope(response, 400, messages.badRequest);
    }
  });

  it('a body that is not JSON, or empty', async () => {
    for (const payload of ['{"emailID":', 'not json', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/newsLetter/subscribeUser',
        headers: { origin: MAIN_ORIGIN, 'content-type': 'application/json' },
        remoteAddress: freshAddress(),
        payload,
      });
      expectEnvelope(response, 400, messages.requestNotJson);
    }
  });

  it('a media type no call takes, without repeating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { origin: MAIN_ORIGIN, 'content-type': 'text/x-evil<script>' },
      remoteAddress: freshAddress(),
      payload: 'emailID=a@example.com',
    });
    expectEnvelope(response, 415, messages.unsupportedMediaType);
  });

  it('a file sent to a call that takes none: only the upload routes read multipart', async () => {
    const { payload, headers } = multipartBody({ emailID: 'a@example.com' }, [
      { field: 'image', filename: 'a.png', contentType: 'image/png', content: Buffer.alloc(64) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { origin: MAIN_ORIGIN, ...headers },
      remoteAddress: freshAddress(),
      payload,
    });
    expectEnvelope(response, 415, messages.unsupportedMediaType);
  });

  it('an unknown API path', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/noSuchCall' });
      expectEnvelope(response, 404, messages.notFound);
    }
  });

  it('a request that does not parse as HTTP, answered on the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const request of [
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nBroken header line\r\n\r\n',
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      const status = Number(statusLine.split(' ')[1]);
      expect([400, 431]).toContain(status);
      expectEnvelope(
        { statusCode: status, headers, body },
        status,
        status === 431 ? messages.requestTooLarge : messages.badRequest,
      );
    }
  });
});
