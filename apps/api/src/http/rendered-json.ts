import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { TtlCache } from '../lib/ttl-cache';

/**
 * For read-mostly answers every page asks for: the envelope is validated against its response
 * schema and turned into JSON once, then the same bytes are sent until the entry expires.
 */
export class RenderedJsonCache<K> {
  private readonly cache: TtlCache<K, string>;

  constructor(
    private readonly schema: z.ZodType,
    ttlMs: number,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  async send(reply: FastifyReply, key: K, render: () => Promise<unknown>): Promise<FastifyReply> {
    const json = await this.cache.get(key, async () =>
      JSON.stringify(this.schema.parse(await render())),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  }
}
