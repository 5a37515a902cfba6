import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Pages and files get Helmet's full set with a Content-Security-Policy for the single-page app:
 * scripts only from the portal itself; inline styles allowed (the UI kit sets CSS variables
 * inline); images and videos may come from the company's own https hosts.
 */
const documentPolicy: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // The invoice page posts PayFast's and Ozow's signed forms to their https hosts.
      formAction: ["'self'", 'https:'],
      frameAncestors: ["'none'"],
    },
  },
  // The portal shows images from company hosts that send no CORP header.
  crossOriginEmbedderPolicy: false,
  // CSP says frame-ancestors 'none'; the older header must say the same.
  xFrameOptions: { action: 'deny' },
  // Sent below, and only where a browser will honour it: over HTTPS.
  strictTransportSecurity: false,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * JSON answers are never rendered as documents, so they carry only what protects a JSON answer
 * (ADR 003): no rendering or framing, no type sniffing, no cross-origin embedding. HSTS,
 * Referrer-Policy and X-Frame-Options come with every page of the same host.
 */
export const JSON_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** API answers (JSON) as opposed to pages, files and the API docs. */
const isJsonPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

type SecurityHeaderOptions = {
  /**
   * Behind a proxy (TRUST_PROXY) whose public address is https: the proxy speaks TLS to the
   * browser even when it forwards no X-Forwarded-Proto.
   */
  httpsBehindProxy: boolean;
};

/** Helmet's middleware is built once here; @fastify/helmet rebuilds it on every request. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { httpsBehindProxy }: SecurityHeaderOptions,
): void {
  const applyDocumentHeaders = helmet(documentPolicy);
  app.addHook('onRequest', (request, reply, done) => {
    if (isJsonPath(request.url)) {
      reply.headers(JSON_SECURITY_HEADERS);
      return done();
    }
    if (httpsBehindProxy || request.protocol === 'https')
      reply.header('strict-transport-security', HSTS);
    applyDocumentHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error as Error | undefined),
    );
  });
}
