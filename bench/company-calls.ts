// The public company calls every page makes (issue 2), and the marketplace's first page over the
// 10,000-product company (issue 5), beside the bare Fastify route in interleaved rounds. The bare
// server also answers a POST with each company call's own payload, already rendered: the ceiling
// of such a call on Fastify, printed for reference (no target).
import fs from 'node:fs';
import type { LoadOptions } from './support/load-client';
import {
  describeFailures,
  describeFigures,
  measureInterleaved,
  verdict,
  type InterleavedResult,
  type RouteFigures,
} from './support/rounds';

export const COMPANY_CALLS_CONNECTIONS = 32;
export const TARGET_COMPANY_CALLS_RATIO = 0.65;
export const TARGET_FIRST_PAGE = { ratio: 0.4, p99Ms: 50 };

type Endpoint = { name: string; path: string; body: object };

export type CompanyCallsSetup = {
  portalUrl: string;
  portalPid: number | undefined;
  /** The origin of the 10,000-product company. */
  catalogueOrigin: string;
  catalogueProducts: number;
  bareUrl: string;
  barePid: number | undefined;
};

const companyCalls = (portalUrl: string): Endpoint[] => [
  {
    name: 'POST /api/getCompanyConfiguration',
    path: '/api/getCompanyConfiguration',
    body: { customerUrl: portalUrl },
  },
  {
    name: 'POST /api/home/getProductServices',
    path: '/api/home/getProductServices',
    body: { websiteUrl: portalUrl },
  },
];

/** The name the bare server knows a company call's payload by. */
const payloadName = (endpoint: Endpoint) => endpoint.path.replace(/\W+/g, '-');

/**
 * Each company call's answer as the portal gives it, written to `file` for the bare server's
 * ceiling route. Fails when the portal does not answer 200.
 */
export async function writeCompanyCallPayloads(portalUrl: string, file: string): Promise<void> {
  const payloads: Record<string, string> = {};
  for (const endpoint of companyCalls(portalUrl)) {
    const answer = await fetch(`${portalUrl}${endpoint.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portalUrl },
      body: JSON.stringify(endpoint.body),
    });
    if (answer.status !== 200) throw new Error(`${endpoint.name} answered ${answer.status}`);
    payloads[payloadName(endpoint)] = await answer.text();
  }
  fs.writeFileSync(file, JSON.stringify(payloads));
}

export type CompanyCallsResult = InterleavedResult & {
  ceilings: RouteFigures[];
  passed: { companyCalls: boolean; firstPage: boolean };
};

const isClean = (figures: RouteFigures) => figures.failures === 0;

export async function measureCompanyCalls(setup: CompanyCallsSetup): Promise<CompanyCallsResult> {
  const { portalUrl } = setup;
  const post = (url: string, body: object): LoadOptions => ({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portalUrl },
    body: JSON.stringify(body),
  });
  const calls = companyCalls(portalUrl);
  const routes = [
    ...calls.map((endpoint) => ({
      name: endpoint.name,
      pid: setup.portalPid,
      options: post(`${portalUrl}${endpoint.path}`, endpoint.body),
    })),
    {
      name: `POST /api/marketPlace/getProducts (${setup.catalogueProducts / 1000}k products)`,
      pid: setup.portalPid,
      options: {
        ...post(`${portalUrl}/api/marketPlace/getProducts`, { websiteUrl: setup.catalogueOrigin }),
        headers: { 'content-type': 'application/json', origin: setup.catalogueOrigin },
      },
    },
    ...calls.map((endpoint) => ({
      name: `bare POST, ${endpoint.path.replace('/api/', '')}'s payload`,
      pid: setup.barePid,
      options: post(
        `${new URL(setup.bareUrl).origin}/same-payload/${payloadName(endpoint)}`,
        endpoint.body,
      ),
    })),
  ];
  const result = await measureInterleaved(
    { name: 'bare Fastify GET /hello', pid: setup.barePid, options: { url: setup.bareUrl } },
    routes,
    { connections: COMPANY_CALLS_CONNECTIONS },
  );
  const measured = result.routes.slice(0, calls.length + 1);
  const companyFigures = measured.slice(0, calls.length);
  const firstPage = measured[calls.length]!;
  return {
    ...result,
    routes: measured,
    ceilings: result.routes.slice(calls.length + 1),
    passed: {
      companyCalls: companyFigures.every(
        (figures) => figures.ratio.median >= TARGET_COMPANY_CALLS_RATIO && isClean(figures),
      ),
      firstPage:
        firstPage.ratio.median >= TARGET_FIRST_PAGE.ratio &&
        firstPage.p99Ms.median <= TARGET_FIRST_PAGE.p99Ms &&
        isClean(firstPage),
    },
  };
}

export function describeCompanyCalls(result: CompanyCallsResult): string[] {
  const [configuration, services, firstPage] = result.routes;
  // The bare route's CPU time per request over the call's: what the ratio would be if both
  // servers had a core each to themselves, whatever else the machine runs. For the reader only.
  const cpuRatio = (figures: RouteFigures) =>
    figures.cpuMsPerRequest && result.bare.cpuMsPerRequest
      ? ` (by CPU time per request: ${(result.bare.cpuMsPerRequest / figures.cpuMsPerRequest).toFixed(2)})`
      : '';
  const companyLine = (figures: RouteFigures) =>
    `  ${figures.name}: ${describeFigures(figures)}${cpuRatio(figures)}; target ratio ≥ ${TARGET_COMPANY_CALLS_RATIO} ${verdict(figures.ratio.median >= TARGET_COMPANY_CALLS_RATIO && isClean(figures))}${describeFailures(figures)}`;
  return [
    `Public calls (${result.connections} connections; median of ${result.rounds} interleaved rounds of ${result.seconds} s, min–max in brackets; ratio = req/s ÷ the bare route's in the same round):`,
    `  ${result.bare.name}: ${describeFigures(result.bare, { ratio: false })}`,
    companyLine(configuration!),
    companyLine(services!),
    `  ${firstPage!.name}: ${describeFigures(firstPage!)}; target ratio ≥ ${TARGET_FIRST_PAGE.ratio}, p99 ≤ ${TARGET_FIRST_PAGE.p99Ms} ms ${verdict(result.passed.firstPage)}${describeFailures(firstPage!)}`,
    ...result.ceilings.map(
      (figures) =>
        `  ceiling, ${figures.name}: ${describeFigures(figures)} (for reference, no target)${describeFailures(figures)}`,
    ),
  ];
}
