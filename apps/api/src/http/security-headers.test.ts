import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

async function appWith(options: { trustProxy: boolean; httpsBehindProxy: boolean }) {
  const app = Fastify({ trustProxy: options.trustProxy });
  registerSecurityHeaders(app, { httpsBehindProxy: options.httpsBehindProxy });
  app.get('/home', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  app.get('/api/health', async () => ({ status: 200 }));
  await app.ready();
  return app;
}

describe('security headers', () => {
  it('sends HSTS with pages only over HTTPS', async () => {
    const direct = await appWith({ trustProxy: false, httpsBehindProxy: false });
    const plain = await direct.inject({ method: 'GET', url: '/home' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim HTTPS.
    const claimed = await direct.inject({
      method: 'GET',
      url: '/home',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await appWith({ trustProxy: true, httpsBehindProxy: false });
    const overHttps = await proxied.inject({
      method: 'GET',
      url: '/home',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const overHttp = await proxied.inject({
      method: 'GET',
      url: '/home',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS behind a proxy whose public address is https, whatever it forwards', async () => {
    const app = await appWith({ trustProxy: true, httpsBehindProxy: true });
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('forbids framing the same way in both headers', async () => {
    const app = await appWith({ trustProxy: false, httpsBehindProxy: false });
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const json = await app.inject({ method: 'GET', url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(json.headers['strict-transport-security']).toBeUndefined();
  });
});
