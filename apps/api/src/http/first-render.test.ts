import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/company';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../test/support/test-app';
import { withFirstRender } from './first-render';

/*
 * ADR 022 from the server's side, with a server bundle written here: it asks the API for the
 * company (as the web app's bundle does, in-process), writes its name into the page, and counts
 * its renders. The real bundle's pages are checked in a browser (e2e/tests/first-render.spec.ts).
 */
const FAKE_BUNDLE = `
globalThis.firstRenders = [];
export async function renderFirstScreen(request) {
  globalThis.firstRenders.push({ url: request.url, language: request.language, viewportWidth: request.viewportWidth, cookies: request.cookies });
  if (request.url.endsWith('/productdetails/9')) {
    await request.api({ method: 'POST', url: '/api/auth/refresh', headers: {}, body: '{}' });
  }
  if (request.url.endsWith('/marketplace/broken')) throw new Error('a render that fails');
  if (request.url.endsWith('/marketplace/none')) return null;
  const origin = new URL(request.url).origin;
  const answer = await request.api({
    method: 'POST',
    url: '/api/getCompanyConfiguration',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerUrl: origin }),
  });
  const company = JSON.parse(answer.body).data;
  return {
    html: '<h1>' + company.companyName + '</h1>',
    state: JSON.stringify({ text: '</script><script>alert(1)</script>' }),
    modules: ['src/pages/home.tsx', 'src/components/form.tsx'],
  };
}
`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    css: ['assets/index-abc.css'],
    imports: ['_web.js'],
  },
  '_web.js': { file: 'assets/web-123.js' },
  'src/pages/home.tsx': {
    file: 'assets/home-456.js',
    css: ['assets/home-456.css'],
    imports: ['_web.js', '_card.js'],
  },
  '_card.js': { file: 'assets/card-789.js', css: ['assets/card-789.css'] },
  '_form-abc.js': { file: 'assets/form-abc.js', imports: ['_web.js', '_rules.js'] },
  '_rules.js': { file: 'assets/rules-def.js' },
};

/** A module that shares a chunk is found through Vite's ssr-manifest. */
const SSR_MANIFEST = { 'src/components/form.tsx': ['/assets/form-abc.js'] };

const INDEX_HTML = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <title>Cloud Portal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/web-123.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

type Render = { url: string; language: string; viewportWidth: number; cookies: string };
const renders = () => (globalThis as unknown as { firstRenders: Render[] }).firstRenders;

describe('visitor pages written on the server (ADR 022)', () => {
  let testApp: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-first-render-'));
    fs.mkdirSync(path.join(webDistDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(
      path.join(webDistDir, '.vite', 'ssr-manifest.json'),
      JSON.stringify(SSR_MANIFEST),
    );
    fs.mkdirSync(`${webDistDir}-ssr`);
    fs.writeFileSync(path.join(`${webDistDir}-ssr`, 'entry-server.js'), FAKE_BUNDLE);
    testApp = await createTestApp({ WEB_DIST_DIR: webDistDir });
  });

  afterAll(async () => {
    await testApp.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
    fs.rmSync(`${webDistDir}-ssr`, { recursive: true, force: true });
  });

  beforeEach(() => {
    renders()?.splice(0);
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: { host: new URL(MAIN_ORIGIN).host, ...headers },
    });

  it("writes /home with the company's data, its state, and the page's own code linked", async () => {
    const response = await page('/home', {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<div id="root"><h1>Nimbus Africa Cloud</h1></div>');
    expect(html).toContain('<title>Home · Nimbus Africa Cloud</title>');
    // The state cannot close its script element.
    expect(html).toContain(
      '<script type="application/json" id="cp-first-render">{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
    expect(html).not.toContain('<script>alert(1)');
    // The page's stylesheets block the first paint; the entry's are already in index.html.
    expect(html).toContain('<link rel="stylesheet" href="/assets/home-456.css" />');
    expect(html).toContain('<link rel="stylesheet" href="/assets/card-789.css" />');
    expect(html).not.toContain('href="/assets/index-abc.css" />');
    // No script is fetched before the page is painted: first-paint.js then preloads the
    // entry's imports and the page's own chunks (each once, index.html's own first), and starts
    // the entry.
    expect(html).toContain(
      '<script defer src="/first-paint.js" data-app="/assets/index-abc.js" data-preload="/assets/web-123.js /assets/home-456.js /assets/card-789.js /assets/form-abc.js /assets/rules-def.js"></script></head>',
    );
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html.match(/web-123\.js/g)).toHaveLength(1);
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    expect(renders()).toEqual([
      { url: `${MAIN_ORIGIN}/home`, language: 'en', viewportWidth: 360, cookies: '' },
    ]);
  });

  it('keeps a page until the company changes, per assumed viewport, and gzips it once', async () => {
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148' };
    const first = await page('/marketplace?search=ubuntu', { ...phone, 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(first.rawPayload).toString('utf8');
    expect(html).toContain('<h1>Nimbus Africa Cloud</h1>');
    expect((await page('/marketplace?search=ubuntu', phone)).body).toBe(html);
    expect(renders()[0]?.viewportWidth).toBe(360);
    expect(renders()).toHaveLength(1);

    // A desk browser (by its client hint) gets a page written for a desk's width.
    await page('/marketplace?search=ubuntu', { 'sec-ch-ua-mobile': '?0' });
    expect(renders().at(-1)?.viewportWidth).toBe(1280);
    expect(renders()).toHaveLength(2);

    const db = testApp.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.id, 1));
    await db.update(companies).set({ name: 'Nimbus Renamed' }).where(eq(companies.id, 1));
    try {
      const changed = await page('/marketplace?search=ubuntu', phone);
      expect(changed.body).toContain('<h1>Nimbus Renamed</h1>');
      expect(renders()).toHaveLength(3);
    } finally {
      await db.update(companies).set({ name: company!.name }).where(eq(companies.id, 1));
    }
  });

  it('sends the shell to a visitor who may be signed in, and for pages it does not write', async () => {
    for (const cookie of ['cp_csrf=abc', 'cp_access=abc', 'cp_refresh=abc']) {
      const response = await page('/home', { cookie });
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('cp-first-render');
    }
    for (const url of ['/about', '/customerprofile/2', '/productdetails/1', '/', '/home/extra']) {
      expect((await page(url)).body).toContain('<div id="root"></div>');
    }
    expect(renders()).toEqual([]);
  });

  it('sends the shell when the render declines or fails, and tries a failed one again', async () => {
    expect((await page('/marketplace/none')).body).toContain('<div id="root"></div>');
    const failed = await page('/marketplace/broken');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    await page('/marketplace/broken');
    expect(renders().filter((render) => render.url.endsWith('/broken'))).toHaveLength(2);
  });

  it("writes a signed-in customer's own page for that request only, with their cookies", async () => {
    const cookie = 'cp_access=access-token; cp_csrf=csrf-token';
    for (let round = 0; round < 2; round += 1) {
      const response = await page('/customerprofile/2', { cookie });
      expect(response.body).toContain('<h1>Nimbus Africa Cloud</h1>');
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    expect(renders().map((render) => render.cookies)).toEqual([cookie, cookie]);
    // Without the access token the browser renews first: the shell.
    const renewing = await page('/customerprofile/2', { cookie: 'cp_csrf=csrf-token' });
    expect(renewing.body).toContain('<div id="root"></div>');
    expect(renders()).toHaveLength(2);
  });

  it('never lets a render renew or end the session', async () => {
    const response = await page('/productdetails/9', {
      cookie: 'cp_access=access-token; cp_csrf=csrf-token',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('writes a page in the language the visitor chose (its cookie), else the company default', async () => {
    const korean = await page('/home?lang-test', { cookie: 'cp_lang=ko' });
    expect(korean.body).toContain('<html lang="ko"');
    const unknown = await page('/home?lang-test', { cookie: 'cp_lang=xx' });
    expect(unknown.body).toContain('<html lang="en"');
    expect(renders().map((render) => render.language)).toEqual(['ko', 'en']);
  });
});

describe('withFirstRender', () => {
  const render = { html: '<h1>Hi</h1>', state: '{}', modules: [] };
  const files = { styles: ['assets/page.css'], scripts: ['assets/page.js'] };

  it('keeps the tags of a shell without the entry script it knows', () => {
    const shell =
      '<html lang="en"><head><script src="/app.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/web.js"></head>' +
      '<body><div id="root"></div></body></html>';
    const html = withFirstRender(shell, render, 'ko', files);
    expect(html).toContain('<script src="/app.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/web.js">');
    expect(html).not.toContain('first-paint.js');
    expect(html).toContain('<link rel="stylesheet" href="/assets/page.css" /></head>');
    expect(html).toContain('<html lang="ko"');
    expect(html).toContain('<div id="root"><h1>Hi</h1></div>');
  });
});
