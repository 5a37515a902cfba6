import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MAIN_ORIGIN, SECOND_ORIGIN } from '../../test/support/test-app';
import { companies } from '../db/schema/company';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A browser's own request for the icon: no Origin header, only the Host it was sent to. */
const favicon = (origin: string, headers: Record<string, string> = {}, url = '/favicon.ico') =>
  t.app.inject({ method: 'GET', url, headers: { host: new URL(origin).host, ...headers } });

describe('GET /favicon.ico', () => {
  it("answers each brand's icon, made from its logo, cacheable and varying by host", async () => {
    const main = await favicon(MAIN_ORIGIN);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/png');
    expect(main.headers['cache-control']).toBe('public, max-age=86400');
    expect(main.headers.vary).toContain('Host');
    const image = await sharp(main.rawPayload).metadata();
    expect([image.format, image.width, image.height]).toEqual(['png', 64, 64]);

    const second = await favicon(SECOND_ORIGIN);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/png');
    // Two brands, two logos, two icons.
    expect(Buffer.compare(main.rawPayload, second.rawPayload)).not.toBe(0);
    expect((await favicon(MAIN_ORIGIN, {}, '/favicon.png')).rawPayload).toEqual(main.rawPayload);

    // Checked again by its ETag: unchanged, nothing is sent.
    const again = await favicon(MAIN_ORIGIN, { 'if-none-match': main.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('never reads outside the uploads, and answers 404 where there is no icon at all', async () => {
    const [second] = await t.database.db
      .select({ id: companies.id, logoPath: companies.logoPath })
      .from(companies)
      .where(eq(companies.portalUrl, SECOND_ORIGIN));
    try {
      await t.database.db
        .update(companies)
        .set({ logoPath: '/uploads/../../../etc/hostname' })
        .where(eq(companies.id, second!.id));
      // This test app has no web build, so no portal icon to fall back on.
      const outside = await favicon(SECOND_ORIGIN);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ status: 404, message: 'Not found', data: null });
    } finally {
      await t.database.db
        .update(companies)
        .set({ logoPath: second!.logoPath })
        .where(eq(companies.id, second!.id));
    }
    expect((await favicon('http://unknown.example')).statusCode).toBe(404);
  });
});
