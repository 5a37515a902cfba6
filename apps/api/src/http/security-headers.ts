import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Helmet's headers with a Content-Security-Policy for the single-page app: scripts only from the
 * portal itself; styles may be inline (the UI kit sets CSS variables inline); images and videos may
 * come from the company's own https hosts.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
    // The portal embeds images from company hosts; they do not send CORP headers.
    crossOriginEmbedderPolicy: false,
  });
}
