// The yardstick: a bare Fastify "hello" route, in its own process like the portal. Given a JSON
// file of { name: payload } (argv[3]), it also answers POST /same-payload/:name with that payload,
// already rendered, as the portal answers a cached call: the ceiling of such a call on Fastify.
import fs from 'node:fs';
import Fastify from 'fastify';

const payloads = new Map<string, string>(
  Object.entries(
    process.argv[3]
      ? (JSON.parse(fs.readFileSync(process.argv[3], 'utf8')) as Record<string, string>)
      : {},
  ),
);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.post<{ Params: { name: string } }>('/same-payload/:name', async (request, reply) => {
  const payload = payloads.get(request.params.name);
  if (payload === undefined) return reply.code(404).send({ error: 'no such payload' });
  return reply.type('application/json; charset=utf-8').send(payload);
});
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
