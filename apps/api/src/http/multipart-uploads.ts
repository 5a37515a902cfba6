import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messages } from '@cloud-portal/contract/validation/messages';
import { AppError, isAppError } from '../errors';
import { toFieldErrors, validationError } from './field-errors';
import { readUpload } from './image-uploads';
import { validateInput } from './plain-text-validator';

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

/** A form's text fields, read by the route's schema, and at most one file. */
type FormWithFile<T> = { fields: T; file: Buffer | null };

/**
 * What reading a form threw, as the answer to send. Our own errors and the plugin's (a limit
 * reached: 413) keep theirs; anything else was thrown by the parser on what the client sent (no
 * boundary, one over 256 characters, a body cut short, a malformed part): 400, not a failure.
 */
function asUploadError(error: unknown): unknown {
  if (isAppError(error)) return error;
  const { statusCode } = error as { statusCode?: number };
  if (typeof statusCode === 'number' && statusCode !== 400) return error;
  return new AppError(400, messages.uploadUnreadable);
}

/**
 * Reads a multipart body (415 with `notMultipartMessage` for any other): its text fields, checked
 * by `schema` and the rule of every call's text (no control character: see plain-text-validator),
 * and the bytes of the file sent as `fileField` (over `limits.fileSize` is 413 with
 * `tooLargeMessage`). Files under any other name are read to the end and dropped, so the body is
 * consumed. A body that does not parse as a form is 400 (`messages.uploadUnreadable`).
 */
export async function readFormWithFile<T extends z.ZodType>(
  request: FastifyRequest,
  options: {
    schema: T;
    fileField: string;
    notMultipartMessage: string;
    tooLargeMessage: string;
    limits: { fileSize: number; fields: number };
  },
): Promise<FormWithFile<z.output<T>>> {
  if (!request.isMultipart()) throw new AppError(415, options.notMultipartMessage);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
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
  } catch (error) {
    throw asUploadError(error);
  }
  const checked = validateInput(options.schema, fields);
  if ('issues' in checked)
    throw validationError(
      toFieldErrors(
        checked.issues.map(({ instancePath, message }) => ({ path: instancePath, message })),
      ),
    );
  return { fields: checked.value, file };
}
