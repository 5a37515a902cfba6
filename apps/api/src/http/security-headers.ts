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
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The portal shows images from company hosts that send no CORP header.
  crossOriginEmbedderPolicy: false,
};

/**
 * JSON answers are never rendered as documents, so they carry only what protects a JSON answer
 * (ADR 003): no rendering or framing, no type sniffing, no cross-origin embedding. HSTS,
 * Referrer-Policy and X-Frame-Options come with every page of the same host.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** Helmet's middleware is built once here; @fastify/helmet rebuilds it on every request. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyDocumentHeaders = helmet(documentPolicy);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.headers(API_HEADERS);
      return done();
    }
    applyDocumentHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error as Error | undefined),
    );
  });
}
