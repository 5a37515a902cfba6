import { z } from 'zod';

/** A body whose fields are all optional: a POST without a body (null/undefined) counts as `{}`. */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema);
}
