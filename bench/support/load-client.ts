// The load generator runs in a process of its own (bench/support/load.ts), so the process that
// orchestrates the bench, and the portal, do not pay for generating the load. This is its client:
// options go in as JSON on stdin, the result comes back as JSON on stdout.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');

/** One request, as autocannon sends it; headers are added to the run's own. */
export type RequestSpec = {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * autocannon's options (JSON only: no functions), plus `rotate`: the requests to send, taken in
 * turn by every connection from one shared list (request n is rotate[n % length]), so that
 * connections do not all ask the same thing at the same moment.
 */
export type LoadOptions = Omit<autocannon.Options, 'requests' | 'setupClient'> & {
  rotate?: RequestSpec[];
};

export type LoadResult = {
  /** Responses completed over the run's duration. */
  requestsPerSecond: number;
  total: number;
  durationSeconds: number;
  /** Milliseconds from the start to the last response (autocannon ends on a whole second). */
  lastResponseMs: number;
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
};

/** Runs autocannon with `options` in a process of its own; resolves with its result. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/load.ts'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      try {
        resolve(JSON.parse(output) as LoadResult);
      } catch {
        reject(new Error(`the load generator printed no result: ${output.slice(0, 200)}`));
      }
    });
    child.stdin.end(JSON.stringify(options));
  });
}

/** Whatever kept a run from being a clean one: non-2xx answers, errors, timeouts, no answer at all. */
export const failuresOf = (result: LoadResult) =>
  result.non2xx + result.errors + result.timeouts + (result.total === 0 ? 1 : 0);
