import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { onFreePort, reservePort } from './free-port';

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

describe('onFreePort', () => {
  it('starts again on another port when the first was taken meanwhile', async () => {
    const taken: net.Server[] = [];
    const tried: number[] = [];
    const server = await onFreePort(async (port) => {
      tried.push(port);
      // Something else binds the first port before the server does.
      if (tried.length === 1) taken.push(await listenOn(port, '127.0.0.1'));
      return listenOn(port, '0.0.0.0');
    });
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    expect((server.address() as net.AddressInfo).port).toBe(tried[1]);
    await Promise.all([...taken, server].map(close));
  });

  it('passes any other failure on at once, and gives up after the attempts it was given', async () => {
    let calls = 0;
    const failing = (message: string) => async () => {
      calls += 1;
      throw new Error(message);
    };
    await expect(onFreePort(failing('the database is down'))).rejects.toThrow('database');
    expect(calls).toBe(1);
    calls = 0;
    await expect(onFreePort(failing('listen EADDRINUSE'), 3)).rejects.toThrow('EADDRINUSE');
    expect(calls).toBe(3);
  });
});
