import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config';
import { send, type Target } from './http-client';
import { onFreePort } from '../support/free-port';

/**
 * Polls `check` until it answers something other than undefined, at most `timeoutMs`: what a
 * test waits for, never a fixed sleep.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await delay(everyMs);
  }
}

/** A database of its own on the PostgreSQL server of `serverUrl`, dropped by `drop()`. */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `cp_scale_out_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

export type PortalProcess = Target & {
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9: the process ends at once, holding whatever it held. */
  kill: () => Promise<void>;
};

/**
 * `node --import tsx apps/api/src/server.ts`, as `npm start` runs it, with `environment` on top
 * of this process's; answers once /api/health says the database is up.
 */
export function startPortalProcess(
  name: string,
  environment: Record<string, string>,
  timeoutMs = 60_000,
): Promise<PortalProcess> {
  return onFreePort((port) => startPortalProcessOn(port, name, environment, timeoutMs));
}

async function startPortalProcessOn(
  port: number,
  name: string,
  environment: Record<string, string>,
  timeoutMs: number,
): Promise<PortalProcess> {
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...environment, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await waitFor(
      `${name} answering /api/health`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
        const up = await send({ name, port }, '/api/health').then(
          (answer) => answer.status === 200,
          () => false,
        );
        return up ? true : undefined;
      },
      timeoutMs,
      200,
    );
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  return { name, port, output: () => output, stop, kill };
}
