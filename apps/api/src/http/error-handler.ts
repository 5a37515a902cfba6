import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { TFieldError } from '@cloud-portal/contract/envelope';
import { isAppError } from '../errors';
import { sendEnvelope } from './envelope';

/**
 * One place that turns every failure into the envelope. Validation failures name each field with
 * the spec's message; client errors keep their message; server errors are logged and hidden.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: TFieldError[] = [];
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        // One message a field: the first rule it breaks, as the form shows it.
        if (!errors.some((known) => known.field === field)) {
          errors.push({ field, message: issue.message ?? 'Invalid value' });
        }
      }
      return sendEnvelope(reply, 400, errors[0]?.message ?? 'Invalid request', { errors });
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
