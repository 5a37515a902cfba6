import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { readUpload } from './image-uploads';

/** Per request; a route narrows them further (`request.file({ limits })`, its own size checks). */
const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 5, fields: 30 } as const;

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

/** A form of text fields and at most one file, as an upload route reads it. */
export type FormWithFile = { fields: Record<string, string>; file: Buffer | null };

/**
 * Reads a multipart body (415 with `notMultipartMessage` for any other): its text fields, and the
 * bytes of the file sent as `fileField` (over `limits.fileSize` is 413 with `tooLargeMessage`).
 * Files under any other name are read to the end and dropped, so the body is consumed.
 */
export async function readFormWithFile(
  request: FastifyRequest,
  options: {
    fileField: string;
    notMultipartMessage: string;
    tooLargeMessage: string;
    limits: { fileSize: number; fields: number };
  },
): Promise<FormWithFile> {
  if (!request.isMultipart()) throw new AppError(415, options.notMultipartMessage);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for await (const part of request.parts({ limits: { ...options.limits, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== options.fileField) {
        await (part as MultipartFile).toBuffer().catch(() => undefined);
        continue;
      }
      file = await readUpload(part as MultipartFile, options.fileField, options.tooLargeMessage);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
