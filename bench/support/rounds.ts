// Interleaved rounds: the bare route, then each route, repeated; every figure is the median of the
// rounds, printed with its spread (min–max), so a reader sees whether a PASS is real. Each route's
// ratio is taken per round, to the bare route measured moments before it.
import { cpuSecondsOf } from './processes';
import { failuresOf, runLoad, type LoadOptions, type LoadResult } from './load-client';

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARM_UP_SECONDS = 2;

export type Spread = { median: number; min: number; max: number };

export type MeasuredRoute = {
  name: string;
  /** The process answering it, for its CPU time (Linux /proc). */
  pid: number | undefined;
  options: LoadOptions;
};

export type RouteFigures = {
  name: string;
  requestsPerSecond: Spread;
  p99Ms: Spread;
  /** To the bare route of the same round (the bare route's own is 1). */
  ratio: Spread;
  /** Median CPU time of the answering process per request, when it can be read. */
  cpuMsPerRequest: number | null;
  /** Non-2xx answers, errors, timeouts and rounds with no answer at all, over every round. */
  failures: number;
  statusCodes: Record<string, number>;
};

export type InterleavedResult = {
  rounds: number;
  seconds: number;
  connections: number;
  bare: RouteFigures;
  routes: RouteFigures[];
};

export function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

type Sample = { load: LoadResult; cpuMsPerRequest: number | null };

async function measureOnce(route: MeasuredRoute, connections: number, seconds: number) {
  const cpuBefore = cpuSecondsOf(route.pid);
  const load = await runLoad({ ...route.options, connections, duration: seconds });
  const cpuAfter = cpuSecondsOf(route.pid);
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null || load.total === 0
      ? null
      : ((cpuAfter - cpuBefore) * 1000) / load.total;
  return { load, cpuMsPerRequest } satisfies Sample;
}

function summarise(name: string, samples: Sample[], ratios: number[]): RouteFigures {
  const cpu = samples
    .map((sample) => sample.cpuMsPerRequest)
    .filter((value): value is number => value !== null);
  const statusCodes: Record<string, number> = {};
  for (const { load } of samples)
    for (const [status, n] of Object.entries(load.statusCodes))
      statusCodes[status] = (statusCodes[status] ?? 0) + n;
  return {
    name,
    requestsPerSecond: spreadOf(samples.map((sample) => sample.load.requestsPerSecond)),
    p99Ms: spreadOf(samples.map((sample) => sample.load.latency.p99)),
    ratio: spreadOf(ratios),
    cpuMsPerRequest: cpu.length ? spreadOf(cpu).median : null,
    failures: samples.reduce((sum, sample) => sum + failuresOf(sample.load), 0),
    statusCodes,
  };
}

/** Warms every route up, then runs `rounds` rounds of the bare route followed by each route. */
export async function measureInterleaved(
  bare: MeasuredRoute,
  routes: MeasuredRoute[],
  {
    connections,
    rounds = ROUNDS,
    seconds = ROUND_SECONDS,
  }: { connections: number; rounds?: number; seconds?: number },
): Promise<InterleavedResult> {
  for (const route of [bare, ...routes])
    await runLoad({ ...route.options, connections, duration: WARM_UP_SECONDS });
  const bareSamples: Sample[] = [];
  const routeSamples = routes.map(() => [] as Sample[]);
  for (let round = 0; round < rounds; round += 1) {
    bareSamples.push(await measureOnce(bare, connections, seconds));
    for (const [index, route] of routes.entries())
      routeSamples[index]!.push(await measureOnce(route, connections, seconds));
  }
  const ratioTo = (samples: Sample[]) =>
    samples.map(
      (sample, round) =>
        sample.load.requestsPerSecond / Math.max(1, bareSamples[round]!.load.requestsPerSecond),
    );
  return {
    rounds,
    seconds,
    connections,
    bare: summarise(bare.name, bareSamples, ratioTo(bareSamples)),
    routes: routes.map((route, index) =>
      summarise(route.name, routeSamples[index]!, ratioTo(routeSamples[index]!)),
    ),
  };
}

const range = (spread: Spread, digits: number) =>
  `${spread.min.toFixed(digits)}–${spread.max.toFixed(digits)}`;

/** "9812 req/s (9500–10100), p99 12 ms (11–14), ratio 0.62 (0.60–0.66)": median, then spread. */
export function describeFigures(figures: RouteFigures, { ratio = true } = {}): string {
  const parts = [
    `${figures.requestsPerSecond.median.toFixed(0)} req/s (${range(figures.requestsPerSecond, 0)})`,
    `p99 ${figures.p99Ms.median.toFixed(0)} ms (${range(figures.p99Ms, 0)})`,
  ];
  if (ratio) parts.push(`ratio ${figures.ratio.median.toFixed(2)} (${range(figures.ratio, 2)})`);
  if (figures.cpuMsPerRequest !== null)
    parts.push(`${figures.cpuMsPerRequest.toFixed(3)} ms CPU/request`);
  return parts.join(', ');
}

/** The failures of a route, for the end of its line: "" when there were none. */
export function describeFailures(figures: RouteFigures): string {
  if (!figures.failures) return '';
  const answers = Object.entries(figures.statusCodes)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return ` (${figures.failures} failed: non-2xx, errors, timeouts or silent rounds; answers ${answers})`;
}

export const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
