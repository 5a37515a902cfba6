import net from 'node:net';
import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { messages } from '@cloud-portal/contract/validation/messages';
import { sendEnvelope } from './envelope';

export type ShutdownOptions = {
  /** How long requests in flight may take to finish before their connections are cut. */
  timeoutMs?: number;
  /** How long open keep-alive connections may still send a request (answered 503) before closing. */
  idleGraceMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops accepting connections, answers every new request 503 with `Connection: close`, lets
     * the requests in flight finish, closes the connections, then closes the app (its onClose
     * hooks stop the job queue and the database).
     */
    shutDownGracefully(options?: ShutdownOptions): Promise<void>;
  }
}

/**
 * Registered early, so the 503 answer carries the JSON security headers set before it. Fastify's
 * own close cannot be used alone: Node's `server.close()` destroys every idle keep-alive
 * connection at once, and a client that is just sending its next request on one gets a reset.
 */
export function registerGracefulShutdown(app: FastifyInstance): void {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  let onIdle: (() => void) | null = null;

  app.server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      inFlight.delete(response);
      if (inFlight.size === 0) onIdle?.();
    });
  });

  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close');
    void sendEnvelope(reply, 503, messages.shuttingDown, null);
  });

  app.decorate(
    'shutDownGracefully',
    async function shutDownGracefully(
      this: FastifyInstance,
      { timeoutMs = 10_000, idleGraceMs = 1_000 }: ShutdownOptions = {},
    ): Promise<void> {
      if (draining) return;
      draining = true;
      const server = this.server;
      // Answers not started yet say Connection: close, so their clients do not send another.
      for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;

      let allConnectionsClosed = Promise.resolve();
      if (server.listening) {
        // net's close, not http's: stop accepting without destroying idle keep-alive connections.
        allConnectionsClosed = new Promise((resolve) => {
          net.Server.prototype.close.call(server, () => resolve());
        });
        const deadline = Date.now() + timeoutMs;
        if (inFlight.size > 0) {
          const requestsDone = new Promise<void>((resolve) => (onIdle = resolve));
          await Promise.race([requestsDone, delay(timeoutMs, undefined, { ref: false })]);
        }
        await Promise.race([allConnectionsClosed, delay(idleGraceMs, undefined, { ref: false })]);
        server.closeIdleConnections();
        const remainingMs = Math.max(0, deadline - Date.now());
        await Promise.race([allConnectionsClosed, delay(remainingMs, undefined, { ref: false })]);
        server.closeAllConnections();
      }
      await this.close();
    },
  );
}
