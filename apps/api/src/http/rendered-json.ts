import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TtlCache } from '../lib/ttl-cache';

const gzipAsync = promisify(gzip);

/** Smaller answers go as they are: their gzip saves less than its header and a round of CPU. */
export const GZIP_MIN_BYTES = 2_048;

type Rendered = { json: string; gzipped?: Promise<Buffer> };

/** Whether the client takes gzip (`gzip;q=0` refuses it). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  return (
    typeof accepted === 'string' &&
    /(^|[\s,])gzip\b/i.test(accepted) &&
    !/(^|[\s,])gzip\s*;\s*q=0(\.0+)?\s*(,|$)/i.test(accepted)
  );
}

/**
 * For read-mostly answers every page asks for: the envelope is validated against its response
 * schema and turned into JSON once, then the same bytes are sent until the entry expires. A large
 * answer is also gzipped once, for the clients that take it (ADR 003 leaves per-request
 * compression of JSON off; a kept answer is compressed a single time).
 */
export class RenderedJsonCache<K> {
  private readonly cache: TtlCache<K, Rendered>;

  constructor(
    private readonly schema: z.ZodType,
    ttlMs: number,
    maxEntries?: number,
  ) {
    this.cache = new TtlCache(ttlMs, maxEntries);
  }

  async send(reply: FastifyReply, key: K, render: () => Promise<unknown>): Promise<FastifyReply> {
    const rendered = await this.cache.get(key, async () => ({
      json: JSON.stringify(this.schema.parse(await render())),
    }));
    reply.type('application/json; charset=utf-8');
    if (rendered.json.length < GZIP_MIN_BYTES) return reply.send(rendered.json);
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(reply.request)) return reply.send(rendered.json);
    rendered.gzipped ??= gzipAsync(rendered.json);
    return reply.header('content-encoding', 'gzip').send(await rendered.gzipped);
  }

  clear(): void {
    this.cache.clear();
  }
}
