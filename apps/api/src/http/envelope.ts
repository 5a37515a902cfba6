import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { STATUS_MAINTENANCE } from '@cloud-portal/contract/envelope';
import { zEnvelope, ZFieldError } from '@cloud-portal/contract/envelope-schema';

/** HTTP status for an envelope status: maintenance (300) travels as 503, the rest as themselves. */
function httpStatusOf(status: number): number {
  return status === STATUS_MAINTENANCE ? 503 : status;
}

export function ok<T>(data: T, message = 'Success') {
  return { status: 200, message, data } as const;
}

export function sendEnvelope(reply: FastifyReply, status: number, message: string, data: unknown) {
  return reply.code(httpStatusOf(status)).send({ status, message, data });
}

/** Documents the error answers every route may give (4xx, 5xx) in OpenAPI. */
export const errorResponses = {
  '4xx': zEnvelope(
    z.union([
      z.object({ errors: z.array(ZFieldError) }),
      z.record(z.string(), z.unknown()),
      z.null(),
    ]),
  ).describe('Validation (400, data.errors), not found, duplicate, rate limited (429)…'),
  '5xx': zEnvelope(z.unknown()).describe('Maintenance (503, status 300) or a server failure'),
} as const;
