import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Per request; a route narrows them further (`request.file({ limits })`, its own size checks). */
export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 5, fields: 30 } as const;

/**
 * The routes that take files, in a scope of their own with @fastify/multipart. The plugin's hooks
 * run on every request of the scope it is registered in (a `close` listener on each response and
 * an async clean-up after it): registered for the whole app, every JSON call paid for them. A
 * multipart body sent to any other route is refused as an unsupported media type (415).
 */
export function acceptingUploads(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope) => {
    await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
    await scope.register(routes);
  };
}
