import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@cloud-portal/contract/validation/messages';
import { isAppError } from '../errors';
import { sendEnvelope } from './envelope';
import { toFieldErrors, validationError } from './field-errors';

/**
 * One place that turns every failure into the envelope. Validation failures name each field with
 * the spec's message; client errors keep their message; server errors are logged and hidden.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const invalid = validationError(
        toFieldErrors(
          error.validation.map((issue) => ({ path: issue.instancePath, message: issue.message })),
        ),
      );
      return sendEnvelope(reply, invalid.status, invalid.message, invalid.data);
    }
    if (isAppError(error)) {
      return sendEnvelope(reply, error.status, error.message, error.data);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 429) {
      return sendEnvelope(reply, 429, messages.tooManyRequests, null);
    }
    if (statusCode >= 400 && statusCode < 500) {
      return sendEnvelope(reply, statusCode, error.message, null);
    }
    request.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, messages.somethingWentWrong, null);
  });
}
