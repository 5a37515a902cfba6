import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@cloud-portal/contract/validation/messages';
import { registerGracefulShutdown } from './graceful-shutdown';

type Answer = { status: number; connection: string | undefined; body: string };

/** A listening app with a route that answers only when the test releases it. */
async function listeningApp() {
  const app = Fastify();
  registerGracefulShutdown(app);
  const events: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await released;
    events.push('slow answered');
    return { done: true };
  });
  app.get('/fast', async () => ({ done: true }));
  app.addHook('onClose', async () => void events.push('app closed'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, events, release, slowStarted };
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

const opened: Array<{ app: FastifyInstance; agent: http.Agent }> = [];

afterEach(async () => {
  for (const { app, agent } of opened.splice(0)) {
    agent.destroy();
    app.server.closeAllConnections();
    await app.close();
  }
});

async function setUp() {
  const served = await listeningApp();
  // One connection, kept alive between requests, as a browser or a proxy keeps it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  opened.push({ app: served.app, agent });
  return { ...served, agent };
}

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then closes the connections and the app', async () => {
    const { app, port, events, release, slowStarted } = await setUp();
    const inFlight = get(port, '/slow', new http.Agent({ keepAlive: true }));
    await slowStarted;

    const shutdown = app.shutDownGracefully({ timeoutMs: 5_000, idleGraceMs: 50 });
    // New connections are refused at once.
    await expect(get(port, '/fast', new http.Agent())).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(events).toEqual([]);

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    await shutdown;
    expect(events).toEqual(['slow answered', 'app closed']);
  });

  it('answers 503 in the envelope, closing the connection, to a request on a kept-alive connection', async () => {
    const { app, port, agent } = await setUp();
    expect((await get(port, '/fast', agent)).status).toBe(200);

    const shutdown = app.shutDownGracefully({ timeoutMs: 5_000, idleGraceMs: 2_000 });
    // The idle connection is still open during the grace period: its next request is answered.
    const answer = await get(port, '/fast', agent);
    expect(answer.status).toBe(503);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      status: 503,
      message: messages.shuttingDown,
      data: null,
    });
    // That connection closed, the last one: the shutdown ends before the grace period does.
    const started = Date.now();
    await shutdown;
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('closes a connection left idle once its grace period is over', async () => {
    const { app, port, agent, events } = await setUp();
    expect((await get(port, '/fast', agent)).status).toBe(200);
    const started = Date.now();
    await app.shutDownGracefully({ timeoutMs: 5_000, idleGraceMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(events).toEqual(['app closed']);
  });

  it('closes a connection that a request in flight keeps alive once that request is answered', async () => {
    const { app, port, agent, release, slowStarted, events } = await setUp();
    const inFlight = get(port, '/slow', agent);
    await slowStarted;
    const shutdown = app.shutDownGracefully({ timeoutMs: 5_000, idleGraceMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    expect((await inFlight).status).toBe(200);
    const answered = Date.now();
    await shutdown;
    // Not held open for the whole timeout by the now idle connection.
    expect(Date.now() - answered).toBeLessThan(1_000);
    expect(events).toEqual(['slow answered', 'app closed']);
  });

  it('cuts a request that outlives the timeout, then closes the app', async () => {
    const { app, port, slowStarted, events } = await setUp();
    const inFlight = get(port, '/slow', new http.Agent());
    await slowStarted;
    const started = Date.now();
    await app.shutDownGracefully({ timeoutMs: 300, idleGraceMs: 50 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(events).toEqual(['app closed']);
  });

  it('closes an app that never listened', async () => {
    const app = Fastify();
    registerGracefulShutdown(app);
    let closed = false;
    app.addHook('onClose', async () => void (closed = true));
    await app.ready();
    await app.shutDownGracefully();
    expect(closed).toBe(true);
  });
});
