// The bench's load generator, in a process of its own: autocannon options as JSON on stdin
// (bench/support/load-client.ts describes them), the result as JSON on stdout.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './load-client';

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const { rotate, ...options } = JSON.parse(input) as LoadOptions;

let sent = 0;
const requests: autocannon.Request[] | undefined = rotate?.length
  ? [
      {
        setupRequest: (request) => {
          const spec = rotate[sent++ % rotate.length]!;
          return {
            ...request,
            method: spec.method ?? request.method,
            path: spec.path,
            headers: { ...request.headers, ...spec.headers },
            body: spec.body ?? request.body,
          };
        },
      },
    ]
  : undefined;

const started = performance.now();
let lastResponseAt = started;
const run = autocannon({ ...options, ...(requests ? { requests } : {}) });
(run as unknown as EventEmitter).on('response', () => {
  lastResponseAt = performance.now();
});
const result = await run;
const durationSeconds = result.duration;
const output: LoadResult = {
  requestsPerSecond: durationSeconds > 0 ? result.requests.total / durationSeconds : 0,
  total: result.requests.total,
  durationSeconds,
  lastResponseMs: lastResponseAt - started,
  latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [
      status,
      stats?.count ?? 0,
    ]),
  ),
};
process.stdout.write(JSON.stringify(output));
