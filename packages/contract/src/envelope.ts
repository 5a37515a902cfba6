import { z } from 'zod';

/** Every response of the API: `{ status, message, data }` (DESIGN.md, "The wire contract"). */
export type TEnvelope<T> = { status: number; message: string; data: T };

export const STATUS_OK = 200;
/** The spec's status for a company in maintenance (sent with HTTP 503). */
export const STATUS_MAINTENANCE = 300;
export const STATUS_DUPLICATE = 409;

export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

export const ZFieldError = z.object({ field: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

/** `data` of a 400 answer: every failing field with the spec's message. */
export const ZValidationErrorData = z.object({ errors: z.array(ZFieldError) });

export const ZEmptyData = z.null();
