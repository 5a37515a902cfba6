/**
 * Per-route limits (per client address) for calls that write or can be guessed. Counters live in
 * Redis when REDIS_URL is set, so every process shares them.
 */
export const publicWriteRateLimit = { max: 5, timeWindow: '1 minute' } as const;
