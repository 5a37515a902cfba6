import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema/content';
import { companies } from '../../db/schema/company';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  postJson,
  SECOND_ORIGIN,
} from '../../../test/support/test-app';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

describe('POST /api/news/getAllNews', () => {
  it("lists the company's news newest first with links and image paths as stored", async () => {
    const response = await postJson(t.app, '/api/news/getAllNews', { websiteUrl: MAIN_ORIGIN });
    expect(response.statusCode).toBe(200);
    const news = response.json().data;
    expect(news.map((item: { newsTitle: string }) => item.newsTitle)).toEqual([
      'New Johannesburg availability zone is live',
      'Snapshots now keep up to 30 days',
      'Load-shedding resilience report',
      'Nairobi office opens',
    ]);
    expect(news[0].newsLinks).toEqual(['https://status.nimbusafrica.example/zones/jnb2']);
    expect(news[2].imagePath).toBe('NA');
    expect(news[3].imagePath).toBeNull();
  });

  it('pages with limit and offset', async () => {
    const page = (await postJson(t.app, '/api/news/getAllNews', { limit: 2, offset: 1 })).json()
      .data;
    expect(page.map((item: { newsTitle: string }) => item.newsTitle)).toEqual([
      'Snapshots now keep up to 30 days',
      'Load-shedding resilience report',
    ]);
  });

  it('refuses a page larger than 100', async () => {
    const response = await postJson(t.app, '/api/news/getAllNews', { limit: 1000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors[0].field).toBe('limit');
  });

  it("never mixes the companies' news", async () => {
    const news = (await postJson(t.app, '/api/news/getAllNews', {}, SECOND_ORIGIN)).json().data;
    expect(news.map((item: { newsTitle: string }) => item.newsTitle)).toEqual([
      'Baobab Hosting now accepts Pesapal',
    ]);
  });
});

describe('POST /api/newsLetter/subscribeUser', () => {
  const subscribe = (emailID: unknown, origin = MAIN_ORIGIN, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { origin },
      remoteAddress,
      payload: { emailID, websiteUrl: origin },
    });

  it("stores a trimmed, lower-cased address and answers 'Subscribed successfully'", async () => {
    const response = await subscribe('  Thandi.Nkosi@Example.co.za ', MAIN_ORIGIN, '10.0.1.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: 'Subscribed successfully',
      data: null,
    });
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.slug, 'demo'));
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.companyId, company!.id),
          eq(newsletterSubscribers.email, 'thandi.nkosi@example.co.za'),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it("answers 409 'The email already exists' for the same address in any case", async () => {
    const response = await subscribe('THANDI.NKOSI@example.co.za', MAIN_ORIGIN, '10.0.1.2');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 409,
      message: 'The email already exists',
      data: null,
    });
  });

  it('lets the same address subscribe to another company', async () => {
    const response = await subscribe('thandi.nkosi@example.co.za', SECOND_ORIGIN, '10.0.1.3');
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [undefined, 'Email required'],
    ['   ', 'Email required'],
    ['not-an-email', 'Enter correct email'],
    ['a@b', 'Enter correct email'],
    ['two@@example.com', 'Enter correct email'],
  ])('refuses %j with %s and stores nothing', async (emailID, message) => {
    const before = await t.database.db.select().from(newsletterSubscribers);
    const response = await subscribe(emailID, MAIN_ORIGIN, '10.0.2.1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      message,
      data: { errors: [{ field: 'emailID', message }] },
    });
    expect(await t.database.db.select().from(newsletterSubscribers)).toHaveLength(before.length);
  });

  it('answers 429 with a readable message after 5 attempts a minute from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push(
        (await subscribe(`reader${attempt}@example.com`, MAIN_ORIGIN, '10.0.3.1')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await subscribe('late@example.com', MAIN_ORIGIN, '10.0.3.1');
    expect(limited.json()).toEqual({
      status: 429,
      message: 'Too many requests. Please wait a moment and try again.',
      data: null,
    });
    expect((await subscribe('other@example.com', MAIN_ORIGIN, '10.0.3.2')).statusCode).toBe(200);
  });
});

describe('POST /api/news/getNewsDetail', () => {
  it("answers one of the company's news items", async () => {
    const [first] = (await postJson(t.app, '/api/news/getAllNews', {})).json().data;
    const response = await postJson(t.app, '/api/news/getNewsDetail', { ID: first.ID });
    expect(response.json().data).toEqual(first);
  });

  it("answers 404 for another company's item, as for a missing one", async () => {
    const [other] = (await postJson(t.app, '/api/news/getAllNews', {}, SECOND_ORIGIN)).json().data;
    const response = await postJson(
      t.app,
      '/api/news/getNewsDetail',
      { ID: other.ID },
      MAIN_ORIGIN,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This news item is not available');
    expect((await postJson(t.app, '/api/news/getNewsDetail', { ID: 99999 })).statusCode).toBe(404);
    expect((await postJson(t.app, '/api/news/getNewsDetail', { ID: 'x' })).statusCode).toBe(400);
  });
});

describe('newsletter mails and unsubscribing', () => {
  const unsubscribe = (queryStringValue: unknown, origin = MAIN_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/unSubscribeUser',
      headers: { origin },
      remoteAddress: '10.0.8.1',
      payload: { queryStringValue, websiteUrl: origin },
    });
  const subscribe = (emailID: string, origin = MAIN_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { origin },
      remoteAddress: '10.0.9.1',
      payload: { emailID },
    });
  const tokenIn = (text: string) =>
    new URL(text.match(/https?:\/\/\S+\/newsletter\?token=[\w-]+/)![0]).searchParams.get('token')!;

  it('sends a welcome mail whose unsubscribe link works once', async () => {
    await subscribe('bongani@example.co.za');
    const welcome = await t.smtp.waitFor((mail) => mail.to.includes('bongani@example.co.za'));
    expect(welcome.subject).toBe('Welcome to the Nimbus Africa Cloud newsletter');
    expect(welcome.text).toMatch(
      /Unsubscribe: http:\/\/localhost:3000\/newsletter\?token=[\w-]{40,}/,
    );
    const token = tokenIn(welcome.text);

    const first = await unsubscribe(token);
    expect(first.json()).toEqual({
      status: 200,
      message: 'You have been unsubscribed from the newsletter',
      data: null,
    });
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This unsubscribe link is invalid or has already been used');

    // Unsubscribed, the address may subscribe again.
    expect((await subscribe('bongani@example.co.za')).statusCode).toBe(200);
  });

  it("does not let one company's link unsubscribe at another", async () => {
    await subscribe('achieng@example.co.ke', SECOND_ORIGIN);
    const welcome = await t.smtp.waitFor((mail) => mail.to.includes('achieng@example.co.ke'));
    expect(welcome.text).toContain('http://127.0.0.2:3000/newsletter?token=');
    const token = tokenIn(welcome.text);
    expect((await unsubscribe(token, MAIN_ORIGIN)).statusCode).toBe(404);
    expect((await unsubscribe(token, SECOND_ORIGIN)).statusCode).toBe(200);
  });

  it('refuses a malformed or guessed token', async () => {
    expect((await unsubscribe('short')).statusCode).toBe(400);
    expect((await unsubscribe('A'.repeat(43))).statusCode).toBe(404);
    expect((await unsubscribe(undefined)).json().message).toBe(
      'This unsubscribe link is invalid or has already been used',
    );
  });
});
