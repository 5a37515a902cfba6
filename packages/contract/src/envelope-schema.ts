import { z } from 'zod';

/** The zod side of envelope.ts, for the server's response schemas and OpenAPI. */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

export const ZFieldError = z.object({ field: z.string(), message: z.string() });
