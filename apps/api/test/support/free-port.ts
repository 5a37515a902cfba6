import net from 'node:net';

export type PortReservation = {
  port: number;
  /** Stops holding the port; call it just before the real server listens on it. */
  release: () => Promise<void>;
};

/**
 * Holds a free TCP port on 127.0.0.1 by listening on it. While held, neither another process's
 * `listen(0)` nor an outgoing connection's source port can take it, so a server that needs its
 * port known in advance (in its config, before start-up work) does not race the rest of the
 * machine for it: release it right before that server listens.
 */
export function reservePort(): Promise<PortReservation> {
  return new Promise((resolve, reject) => {
    const holder = net.createServer();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => {
      const { port } = holder.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => holder.close(() => done())) });
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on at the moment of asking. Something else may
 * take it before it is used: where there is work between choosing and listening, use
 * `reservePort`.
 */
export async function freePort(): Promise<number> {
  const reservation = await reservePort();
  await reservation.release();
  return reservation.port;
}

/**
 * For a server started in another process, which can only be told its port and binds it a moment
 * later: `start` runs on a free port and, if that port was taken meanwhile (its error mentions
 * EADDRINUSE), again on another one, at most `attempts` times in all.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      const isPortTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!isPortTaken || attempt >= attempts) throw error;
    }
  }
}
