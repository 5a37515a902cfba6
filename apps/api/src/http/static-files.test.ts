import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
  type TestApp,
} from '../../test/support/test-app';

/** A web build as Vite leaves it: index.html with its title, and a hashed script. */
function writeWebBuild(dir: string, title = 'Cloud Portal'): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>${title}</title>\n    <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `export const text = ${JSON.stringify('a portal script '.repeat(200))};\n`,
  );
}

const host = (origin: string) => new URL(origin).host;

describe('the web app served with each page', () => {
  let testApp: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-web-dist-'));
    writeWebBuild(webDistDir);
    testApp = await createTestApp({ WEB_DIST_DIR: webDistDir });
  });

  afterAll(async () => {
    await testApp.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const page = (url: string, origin = MAIN_ORIGIN) =>
    testApp.app.inject({ method: 'GET', url, headers: { host: host(origin) } });

  it("titles and describes a page for the company of the request's origin", async () => {
    const response = await page('/marketplace');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Marketplace · Nimbus Africa Cloud</title>');
    expect(response.body).toContain(
      '<meta name="description" content="Browse and compare the virtual machines Nimbus Africa Cloud sells: operating systems, sizes, regions and prices." />',
    );
    expect(response.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(response.body).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js">',
    );

    const second = await page('/home', SECOND_ORIGIN);
    expect(second.body).toContain('<title>Home · Baobab Hosting</title>');
    expect(second.body).toMatch(/<meta name="description" content="Baobab Hosting: [^"]+" \/>/);
  });

  it('answers the site root and any page path with the page, matching paths without case', async () => {
    const root = await page('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Home · Nimbus Africa Cloud</title>');

    const head = await testApp.app.inject({
      method: 'HEAD',
      url: '/home',
      headers: { host: host(MAIN_ORIGIN) },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');

    const faq = await page('/Faq?x=1');
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toContain('<title>FAQ · Nimbus Africa Cloud</title>');

    // A page this table does not name still has the company's title and a description.
    const other = await page('/PurchaseSuccessful');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>Nimbus Africa Cloud</title>');
    expect(other.body).toContain(
      '<meta name="description" content="Nimbus Africa Cloud: buy, run and manage cloud virtual machines online." />',
    );
  });

  it('names the product where no company answers, and escapes what it writes', async () => {
    const unknown = await page('/home', 'http://unknown.example');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Home · Cloud Portal</title>');
    expect(unknown.body).toContain('content="Cloud Portal: cloud virtual machines');
  });

  it('serves a rebuilt index.html at once', async () => {
    const indexFile = path.join(webDistDir, 'index.html');
    const before = fs.readFileSync(indexFile, 'utf8');
    try {
      fs.writeFileSync(indexFile, before.replace('index-abc123.js', 'index-def456.js'));
      // A different modification time, even on a coarse clock.
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(indexFile, later, later);
      const response = await page('/news');
      expect(response.body).toContain('/assets/index-def456.js');
      expect(response.body).toContain('<title>News · Nimbus Africa Cloud</title>');
    } finally {
      fs.writeFileSync(indexFile, before);
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { host: host(MAIN_ORIGIN), 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('a portal script');
  });

  it('answers unknown API paths and missing files with the 404 envelope, not the page', async () => {
    const api = await page('/api/noSuchCall');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });

    const file = await page('/assets/missing-000000.js');
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
  });
});
