import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { messages } from '@cloud-portal/contract/validation/messages';
import { sendEnvelope } from './envelope';

type ShutdownOptions = {
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

/** How often, once the grace period is over, connections a finished request left idle are closed. */
const IDLE_SWEEP_MS = 25;

/**
 * Registered early, so the 503 answer carries the JSON security headers set before it. Fastify's
 * own close cannot be used alone: Node's `server.close()` destroys every idle keep-alive
 * connection at once, and a client that is just sending its next request on one gets a reset.
 * Nothing is tracked per request: Node's server knows which connections are idle, and closing
 * the listener resolves once the last connection has gone.
 */
export function registerGracefulShutdown(app: FastifyInstance): void {
  let draining = false;

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
      if (server.listening) {
        const deadline = Date.now() + timeoutMs;
        let closed = false;
        // net's close, not http's: stop accepting without destroying idle keep-alive connections.
        const allConnectionsClosed = new Promise<void>((resolve) => {
          net.Server.prototype.close.call(server, () => resolve());
        }).then(() => void (closed = true));
        const until = (ms: number) =>
          Promise.race([allConnectionsClosed, delay(Math.max(0, ms), undefined, { ref: false })]);

        await until(Math.min(idleGraceMs, timeoutMs));
        // A connection is idle between requests: close those now, and each one a request in
        // flight leaves idle when it is answered, until none is left or time is up.
        while (!closed && Date.now() < deadline) {
          server.closeIdleConnections();
          await until(Math.min(IDLE_SWEEP_MS, deadline - Date.now()));
        }
        server.closeAllConnections();
      }
      await this.close();
    },
  );
}
