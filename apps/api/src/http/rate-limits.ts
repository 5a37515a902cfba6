import type { FastifyRequest } from 'fastify';

/**
 * Per-route limits (per client address) for calls that write or can be guessed, as a route's
 * `config`. Counters live in Redis when REDIS_URL is set, so every process shares them.
 */
export const perAddress = (maxPerMinute: number) =>
  ({ rateLimit: { max: maxPerMinute, timeWindow: '1 minute' } }) as const;

/** The public forms (contact, enquiries, newsletter). */
export const publicWriteRateLimit = perAddress(5);

/**
 * A limit per signed-in customer rather than per address: counted after `requireActor` has named
 * the customer (the preHandler hook), so one customer cannot spread calls over addresses.
 */
export const perCustomer = (maxPerMinute: number) =>
  ({
    rateLimit: {
      max: maxPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) =>
        request.actor?.kind === 'customer'
          ? `customer:${request.actor.customerId}`
          : `address:${request.ip}`,
    },
  }) as const;
