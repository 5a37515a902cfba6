import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '@cloud-portal/contract/validation/messages';
import { isAppError } from '../errors';
import { sendEnvelope } from './envelope';
import { toFieldErrors, validationError } from './field-errors';
import { frameworkMessageOf } from './framework-errors';
import type { FieldIssue } from './plain-text-validator';

/**
 * One place that turns every failure into the envelope. Validation failures name each field with
 * the spec's message; our own client errors keep their message; what Fastify and its plugins
 * refuse gets a message of ours by status (theirs quote what the client sent); server errors are
 * logged (without the values they carry, see safe-log.ts) and hidden.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (Array.isArray(error.validation) && error.validation.length > 0) {
      const invalid = validationError(
        toFieldErrors(
          (error.validation as unknown as FieldIssue[]).map((issue) => ({
            path: issue.instancePath,
            message: issue.message,
          })),
        ),
      );
      return sendEnvelope(reply, invalid.status, invalid.message, invalid.data);
    }
    if (isAppError(error)) {
      return sendEnvelope(reply, error.status, error.message, error.data);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return sendEnvelope(reply, statusCode, frameworkMessageOf(statusCode, error), null);
    }
    request.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, messages.somethingWentWrong, null);
  });
}
