import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { GZIP_MIN_BYTES, RenderedJsonCache } from './rendered-json';

const schema = z.object({ items: z.array(z.string()) });
const large = { items: Array.from({ length: 200 }, (_, index) => `product ${index}`) };
const small = { items: ['one'] };
const render = vi.fn(async (size: string) => (size === 'large' ? large : small));
const app = Fastify();
const answers = new RenderedJsonCache<string>(schema, 60_000);
app.get<{ Params: { size: string } }>('/:size', (request, reply) =>
  answers.send(reply, request.params.size, () => render(request.params.size)),
);

beforeAll(() => app.ready());
afterAll(() => app.close());

const get = (size: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: `/${size}`,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('RenderedJsonCache', () => {
  it('sends a large answer gzipped to a client that takes gzip, rendered once', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(GZIP_MIN_BYTES);
    render.mockClear();
    for (let round = 0; round < 2; round += 1) {
      const response = await get('large', 'gzip, deflate, br');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['vary']).toBe('accept-encoding');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(large);
      expect(response.rawPayload.length).toBeLessThan(JSON.stringify(large).length / 3);
    }
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('sends the same answer as JSON to a client that does not take gzip', async () => {
    for (const acceptEncoding of [undefined, 'br', 'gzip;q=0', 'identity, gzip; q=0.0']) {
      const response = await get('large', acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers['vary']).toBe('accept-encoding');
      expect(response.json()).toEqual(large);
    }
  });

  it('sends a small answer as it is', async () => {
    const response = await get('small', 'gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toBeUndefined();
    expect(response.json()).toEqual(small);
  });
});
