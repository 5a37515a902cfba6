/**
 * Per-route limits (per client address) for calls that write or can be guessed, as a route's
 * `config`. Counters live in Redis when REDIS_URL is set, so every process shares them.
 */
export const perAddress = (maxPerMinute: number) =>
  ({ rateLimit: { max: maxPerMinute, timeWindow: '1 minute' } }) as const;

/** The public forms (contact, enquiries, newsletter). */
export const publicWriteRateLimit = perAddress(5);
