import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../test/support/test-app';

let t: TestApp;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = fs.mkdtempSync('/tmp/cloud-portal-web-');
  fs.mkdirSync(path.join(webDistDir, 'assets'));
  fs.writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>portal</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDistDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: webDistDir });
  t.app.get('/api/test-failure', async () => {
    throw new Error('database password is hunter2');
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('the HTTP shell', () => {
  it('reports health with the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({
      status: 200,
      message: 'Success',
      data: { version: '2.4.35', database: 'up' },
    });
  });

  it('serves OpenAPI generated from the schemas at /api/docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/getCompanyConfiguration',
        '/api/getDropdownList',
        '/api/home/getCompanyAddress',
        '/api/home/getProductServices',
        '/api/getCountryCode',
        '/api/news/getAllNews',
        '/api/newsLetter/subscribeUser',
      ]),
    );
    expect(
      spec.paths['/api/newsLetter/subscribeUser'].post.requestBody.content['application/json']
        .schema.properties,
    ).toHaveProperty('emailID');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sends the page security policy with pages and a strict short one with JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // CSP's frame-ancestors 'none' and the older header say the same.
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Plain HTTP: a browser ignores HSTS there, so it is not sent (security-headers.test.ts).
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['x-powered-by']).toBeUndefined();

    const json = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('gzips pages and files but not JSON answers', async () => {
    fs.writeFileSync(
      path.join(webDistDir, 'assets', 'big-def456.js'),
      'console.log("portal");\n'.repeat(200),
    );
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(script.headers['content-encoding']).toBe('gzip');
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/getCountryCode',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.json().status).toBe(200);
  });

  it('hides the details of a server failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      message: 'Something went wrong. Please try after some time',
      data: null,
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers malformed JSON and oversized bodies with an envelope', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/newsLetter/subscribeUser',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailID":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, data: null });

    const oversized = await postJson(t.app, '/api/newsLetter/subscribeUser', {
      emailID: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().status).toBe(413);
  });

  it('answers an unknown API path with a 404 envelope, never the web page', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/noSuchCall' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'Not found', data: null });
  });

  it("serves the web app's index.html for page paths and caches hashed assets for a year", async () => {
    for (const url of ['/', '/home', '/customerprofile/2', '/some/unknown/page']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('serves uploads sandboxed', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/uploads/demo/nimbus-logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    const terms = await t.app.inject({ method: 'GET', url: '/uploads/demo-two/terms.pdf' });
    expect(terms.headers['content-type']).toBe('application/pdf');
    expect(terms.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    for (const url of [
      '/uploads/../../../etc/passwd',
      '/uploads/..%2f..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/config.ts',
    ]) {
      const escape = await t.app.inject({ method: 'GET', url });
      expect(escape.body, url).not.toContain('root:');
      expect(escape.body, url).not.toContain('cloud-portal');
      expect(escape.body, url).not.toContain('loadConfig');
    }
  });
});
