import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { reservePort } from './free-port';

function listenOn(port: number, host: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((done) => server.close(() => done()));

describe('reservePort', () => {
  it('keeps the port from any other listener until released, then lets the server have it', async () => {
    const reservation = await reservePort();
    // The e2e portal listens on every address; a held port must refuse that as well.
    await expect(listenOn(reservation.port, '0.0.0.0')).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    await reservation.release();
    await close(await listenOn(reservation.port, '0.0.0.0'));
  });

  it('gives distinct ports to reservations held at the same time', async () => {
    const held = await Promise.all(Array.from({ length: 20 }, () => reservePort()));
    expect(new Set(held.map((reservation) => reservation.port)).size).toBe(20);
    await Promise.all(held.map((reservation) => reservation.release()));
  });
});
