import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages, membershipEnquiries } from '../../db/schema/content';
import { mailOutbox } from '../../db/schema/mail';
import { createTestAppWithMail, MAIN_ORIGIN, SECOND_ORIGIN } from '../../../test/support/test-app';
import { multipartBody } from '../../../test/support/multipart';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

let address = 0;
/** Each request from its own client address, so the rate limit is met only where a test wants it. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

describe('POST /api/writeToUs', () => {
  const write = (
    payload: object,
    origin = MAIN_ORIGIN,
    extraHeaders: Record<string, string> = {},
    remoteAddress = nextAddress(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/writeToUs',
      headers: { origin, ...extraHeaders },
      remoteAddress,
      payload,
    });

  it('stores the message, mails the company and thanks the writer', async () => {
    const response = await write({
      emailID: ' sipho@example.co.za ',
      content: 'Do you offer GPU instances in Cape Town?',
    });
    expect(response.json()).toEqual({
      status: 200,
      message: 'Thank you. Please check your email',
      data: null,
    });

    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'sipho@example.co.za'));
    expect(stored?.content).toBe('Do you offer GPU instances in Cape Town?');

    const toCompany = await t.smtp.waitFor(
      (mail) =>
        mail.to.includes('support@nimbusafrica.example') &&
        mail.subject.includes('sipho@example.co.za'),
    );
    expect(toCompany.replyTo).toBe('sipho@example.co.za');
    expect(toCompany.from).toContain('Nimbus Africa Cloud');
    expect(toCompany.text).toContain('Do you offer GPU instances in Cape Town?');

    const thanks = await t.smtp.waitFor((mail) => mail.to.includes('sipho@example.co.za'));
    expect(thanks.subject).toBe('Thank you for writing to Nimbus Africa Cloud');
    expect(thanks.html).toContain('http://localhost:3000/uploads/demo/nimbus-logo.svg');
    // The writer's address is unconfirmed: the acknowledgement quotes nothing they typed.
    expect(thanks.text).not.toContain('GPU instances');
  });

  it("writes the thank-you in Korean for a Korean reader, and escapes what they wrote in the company's copy", async () => {
    await write(
      { emailID: 'minji@example.kr', content: '<script>alert(1)</script> 안녕하세요' },
      MAIN_ORIGIN,
      { 'accept-language': 'ko' },
    );
    const thanks = await t.smtp.waitFor((mail) => mail.to.includes('minji@example.kr'));
    expect(thanks.subject).toBe('Nimbus Africa Cloud에 문의해 주셔서 감사합니다');
    expect(thanks.html).not.toContain('script');
    const toCompany = await t.smtp.waitFor(
      (mail) =>
        mail.replyTo === 'minji@example.kr' && mail.to.includes('support@nimbusafrica.example'),
    );
    expect(toCompany.html).not.toContain('<script>');
    expect(toCompany.html).toContain('&lt;script&gt;');
  });

  it("mails the other company's address for a message sent on its site", async () => {
    await write({ emailID: 'wanjiru@example.co.ke', content: 'Hello Baobab' }, SECOND_ORIGIN);
    const toCompany = await t.smtp.waitFor(
      (mail) =>
        mail.subject.includes('wanjiru@example.co.ke') &&
        mail.to.includes('hello@baobabhosting.example'),
    );
    expect(toCompany.from).toContain('Baobab Hosting');
  });

  it.each([
    [{ emailID: '', content: 'Hi' }, 'emailID', 'Email required'],
    [{ emailID: 'nope', content: 'Hi' }, 'emailID', 'Enter correct email'],
    [{ emailID: 'a@example.com', content: '   ' }, 'content', 'Description required'],
    [{ emailID: 'a@example.com' }, 'content', 'Description required'],
  ])('refuses %j: %s "%s", storing and sending nothing', async (payload, field, message) => {
    const [before] = await Promise.all([t.database.db.select().from(mailOutbox)]);
    const response = await write(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('answers 429 after 5 messages a minute from one address', async () => {
    const remoteAddress = '10.9.9.9';
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (
          await write(
            { emailID: `spam${attempt}@example.com`, content: 'x' },
            MAIN_ORIGIN,
            {},
            remoteAddress,
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /api/membership/sendEnquiry', () => {
  const fields = {
    companyName: 'Karoo Analytics (Pty) Ltd',
    emailID: 'ceo@karoo-analytics.example',
    contactNo: '+27 82 555 0199',
    vatNumber: '4123456789',
    registrationNumber: '2019/123456/07',
    companyAddress: '12 Long Street, Cape Town, 8001',
  };
  const logo = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: '#0b6bcb' } })
      .toFormat(format)
      .toBuffer();
  const send = (body: ReturnType<typeof multipartBody>, origin = MAIN_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/membership/sendEnquiry',
      headers: { origin, ...body.headers },
      payload: body.payload,
      remoteAddress: nextAddress(),
    });

  it('stores the enquiry and its re-encoded logo, and mails the company with the logo attached', async () => {
    const response = await send(
      multipartBody(fields, [
        {
          field: 'companyLogo',
          filename: 'logo.png',
          contentType: 'image/png',
          content: await logo(50, 50),
        },
      ]),
    );
    expect(response.json()).toEqual({
      status: 200,
      message: 'Thank you. Your membership enquiry has been sent',
      data: null,
    });

    const [stored] = await t.database.db
      .select()
      .from(membershipEnquiries)
      .where(eq(membershipEnquiries.email, fields.emailID));
    expect(stored).toMatchObject({
      companyName: fields.companyName,
      registrationNumber: fields.registrationNumber,
    });
    const saved = path.join(t.config.dataDir, 'uploads', stored!.logoPath!);
    expect(stored!.logoPath).toMatch(/^demo\/membership\/[\w-]+\.png$/);
    expect((await sharp(fs.readFileSync(saved)).metadata()).width).toBe(50);

    const toCompany = await t.smtp.waitFor(
      (mail) => mail.subject === 'CxO series membership enquiry from Karoo Analytics (Pty) Ltd',
    );
    expect(toCompany.to).toEqual(['support@nimbusafrica.example']);
    expect(toCompany.replyTo).toBe(fields.emailID);
    expect(toCompany.attachments).toEqual([expect.objectContaining({ contentType: 'image/png' })]);
    expect(toCompany.text).toContain('2019/123456/07');
    const thanks = await t.smtp.waitFor(
      (mail) =>
        mail.to.includes(fields.emailID) && mail.subject === 'Your CxO series membership enquiry',
    );
    expect(thanks.text).not.toContain('Karoo');
    expect(thanks.attachments).toEqual([]);
  });

  it('accepts a logo 50 pixels high but wider, and none at all', async () => {
    const wide = await send(
      multipartBody({ ...fields, emailID: 'wide@example.com' }, [
        {
          field: 'companyLogo',
          filename: 'wide.jpg',
          contentType: 'image/jpeg',
          content: await logo(155, 50, 'jpeg'),
        },
      ]),
    );
    expect(wide.statusCode).toBe(200);
    const none = await send(multipartBody({ ...fields, emailID: 'nologo@example.com' }));
    expect(none.statusCode).toBe(200);
  });

  it("refuses a logo that is not 50 pixels wide or high with the spec's message", async () => {
    const response = await send(
      multipartBody(fields, [
        {
          field: 'companyLogo',
          filename: 'logo.png',
          contentType: 'image/png',
          content: await logo(254, 82),
        },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Cloud logo should be 50 x 50 pixels');
  });

  it('refuses a file that only claims to be an image', async () => {
    const response = await send(
      multipartBody(fields, [
        {
          field: 'companyLogo',
          filename: 'logo.png',
          contentType: 'image/png',
          content: Buffer.from('<svg onload="alert(1)"></svg>'),
        },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The logo must be a PNG, JPEG or WebP image');
  });

  it('refuses a logo over 2 MB with 413', async () => {
    const response = await send(
      multipartBody(fields, [
        {
          field: 'companyLogo',
          filename: 'big.png',
          contentType: 'image/png',
          content: Buffer.alloc(2 * 1024 * 1024 + 10, 1),
        },
      ]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The logo must be 2 MB or smaller');
  });

  it('lists every missing field and stores nothing', async () => {
    const before = (await t.database.db.select().from(membershipEnquiries)).length;
    const response = await send(multipartBody({ emailID: 'bad', contactNo: '12' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual(
      expect.arrayContaining([
        { field: 'companyName', message: 'Company name required' },
        { field: 'emailID', message: 'Enter correct email' },
        { field: 'contactNo', message: 'Enter valid number' },
        { field: 'registrationNumber', message: 'Company registration number required' },
        { field: 'companyAddress', message: 'Company address required' },
      ]),
    );
    expect(await t.database.db.select().from(membershipEnquiries)).toHaveLength(before);
  });

  it('refuses a JSON body with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/membership/sendEnquiry',
      headers: { origin: MAIN_ORIGIN },
      payload: fields,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(415);
  });
});
