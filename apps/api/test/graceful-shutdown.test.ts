import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@cloud-portal/contract/validation/messages';
import { REPO_ROOT } from '../src/config';
import { onFreePort } from './support/free-port';

const BUSY_CLIENTS = 30;
const IDLE_CLIENTS = 5;

type Answer = { status: number; connection: string | undefined; body: string; csp: unknown };

function get(agent: http.Agent, port: number, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
          csp: response.headers['content-security-policy'],
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

let server: ChildProcess;
let port: number;
let dataDir: string;
let output = '';
const exited = () =>
  new Promise<number | null>((resolve) => {
    if (server.exitCode !== null) resolve(server.exitCode);
    else server.once('exit', (code) => resolve(code));
  });

beforeAll(() => onFreePort(startServer), 120_000);

async function startServer(chosenPort: number) {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-shutdown-'));
  port = chosenPort;
  output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const agent = new http.Agent();
  for (let waited = 0; ; waited += 250) {
    const up = await get(agent, port, '/api/health').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) break;
    if (waited > 90_000 || server.exitCode !== null) throw new Error(`no server:\n${output}`);
    await delay(250);
  }
}

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM on a real server', () => {
  it('finishes requests in flight, answers new ones 503 in the envelope, resets none', async () => {
    const errors: string[] = [];
    let signalled = false;
    let drainingSeen: () => void = () => {};
    const draining = new Promise<void>((resolve) => (drainingSeen = resolve));
    const answeredAfterSignal: Answer[] = [];

    // Busy clients: each keeps one request in flight on its own keep-alive connection until
    // the server says Connection: close.
    const pending = new Set<number>();
    const busy = Array.from({ length: BUSY_CLIENTS }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        pending.add(client);
        const answer = await get(agent, port, '/api/health').catch((error: Error) => {
          errors.push(`${(error as NodeJS.ErrnoException).code ?? error.message}`);
          return null;
        });
        pending.delete(client);
        if (answer === null) return;
        if (signalled) answeredAfterSignal.push(answer);
        if (answer.connection === 'close') {
          drainingSeen();
          return;
        }
      }
    });
    // Idle clients: one request before the signal, the next on the same connection after it.
    const idleAgents = Array.from(
      { length: IDLE_CLIENTS },
      () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
    );
    for (const agent of idleAgents)
      expect((await get(agent, port, '/api/health')).status).toBe(200);

    await delay(300);
    signalled = true;
    const inFlightAtSignal = pending.size;
    server.kill('SIGTERM');
    // Once the server has started draining (its first Connection: close), the idle ones ask again.
    await Promise.race([draining, Promise.all(busy)]);
    const idleAnswers = await Promise.all(
      idleAgents.map((agent) =>
        get(agent, port, '/api/health').catch((error: NodeJS.ErrnoException) => {
          errors.push(`idle: ${error.code ?? error.message}`);
          return null;
        }),
      ),
    );
    await Promise.all(busy);
    const code = await exited();

    expect(errors, output).toEqual([]);
    // Nearly every busy client had a request in flight (the rest were between two requests).
    expect(inFlightAtSignal).toBeGreaterThanOrEqual(BUSY_CLIENTS - 3);
    expect(answeredAfterSignal.length).toBeGreaterThanOrEqual(inFlightAtSignal);
    for (const answer of [...answeredAfterSignal, ...idleAnswers]) {
      expect(answer).not.toBeNull();
      expect([200, 503]).toContain(answer!.status);
      expect(answer!.csp).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    // Every busy client was told to close its connection, by the answer to its last request.
    expect(answeredAfterSignal.filter((answer) => answer.connection === 'close').length).toBe(
      BUSY_CLIENTS,
    );
    for (const answer of idleAnswers) {
      expect(answer!.status).toBe(503);
      expect(answer!.connection).toBe('close');
      expect(JSON.parse(answer!.body)).toEqual({
        status: 503,
        message: messages.shuttingDown,
        data: null,
      });
    }
    expect(code, output).toBe(0);
  }, 60_000);
});
