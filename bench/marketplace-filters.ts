// Filtered marketplace pages (issue 12) on the 10,000-product company: the quick-search panel's
// Apply (POST /api/marketPlace/getFilteredProducts), cycling through distinct filter combinations
// taken from the company's own filter choices, so that no one cached answer can make the number.
// Every combination is checked to select products before it is measured.
import type { TFilterData } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import type {
  TGetFilteredProductsRequest,
  TGetFilteredProductsResponse,
} from '@cloud-portal/contract/marketplace/get-filtered-products';
import type { RequestSpec } from './support/load-client';
import {
  describeFailures,
  describeFigures,
  measureInterleaved,
  verdict,
  type InterleavedResult,
  type RouteFigures,
} from './support/rounds';

export const FILTER_COMBINATIONS = Number(process.env.BENCH_FILTER_COMBINATIONS ?? 24);
const MINIMUM_COMBINATIONS = 12;
export const MARKETPLACE_CONNECTIONS = 50;
export const TARGET_FILTERED_P99_MS = 50;

type Filters = Omit<TGetFilteredProductsRequest, 'websiteUrl'>;

/** Candidates: single filters, pairs and triples, deeper pages and one section, in a fixed order. */
function candidateFilters(choices: TFilterData): Filters[] {
  const systems = choices.operatingSystem.map((option) => option.ID);
  const regions = choices.country.map((option) => option.ID);
  const ipTypes = choices.ipType.map((option) => option.ID);
  const memories = choices.specs.memory;
  const candidates: Filters[] = [];
  for (const [index, operatingSystem] of systems.entries()) {
    candidates.push({ operatingSystem });
    candidates.push({ operatingSystem, region: regions[index % regions.length] });
    candidates.push({ operatingSystem, page: 2 + (index % 4) });
  }
  for (const [index, region] of regions.entries()) {
    candidates.push({ region });
    candidates.push({ region, IPType: ipTypes[index % ipTypes.length] });
  }
  for (const [index, memory] of memories.entries()) {
    candidates.push({ memory });
    candidates.push({ memory, region: regions[index % regions.length], IPType: ipTypes[0] });
  }
  for (const IPType of ipTypes) candidates.push({ IPType, section: 'VMProducts', page: 3 });
  candidates.push({ serviceName: 'Kubernetes' }, { serviceName: 'Kubernetes', IPType: ipTypes[0] });
  const seen = new Set<string>();
  return candidates.filter((filters) => {
    const key = JSON.stringify(filters);
    return !seen.has(key) && seen.add(key);
  });
}

/**
 * The combinations to measure: the first `FILTER_COMBINATIONS` candidates whose page holds
 * products, with the number of products each selects.
 */
export async function chooseFilterCombinations(portalUrl: string, origin: string) {
  const post = async <T>(pathName: string, body: object) => {
    const answer = await fetch(`${portalUrl}${pathName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
    if (answer.status !== 200) throw new Error(`POST ${pathName} answered ${answer.status}`);
    return ((await answer.json()) as { data: T }).data;
  };
  const { filterData } = await post<{ filterData: TFilterData }>('/api/marketPlace/getProducts', {
    websiteUrl: origin,
  });
  const chosen: { filters: Filters; selected: number; cards: number }[] = [];
  for (const filters of candidateFilters(filterData)) {
    if (chosen.length >= FILTER_COMBINATIONS) break;
    const [page] = await post<TGetFilteredProductsResponse>(
      '/api/marketPlace/getFilteredProducts',
      {
        ...filters,
        websiteUrl: origin,
      },
    );
    const cards = page!.VMProducts.length + page!.GoldVMData.length;
    if (cards > 0)
      chosen.push({ filters, selected: page!.VMProductsTotal + page!.GoldVMDataTotal, cards });
  }
  if (chosen.length < MINIMUM_COMBINATIONS)
    throw new Error(`only ${chosen.length} filter combinations select products`);
  return chosen;
}

export type MarketplaceResult = InterleavedResult & {
  combinations: number;
  selected: { min: number; max: number };
  passed: boolean;
};

const isPassing = (figures: RouteFigures) =>
  figures.p99Ms.median <= TARGET_FILTERED_P99_MS && figures.failures === 0;

export async function measureMarketplaceFilters(setup: {
  portalUrl: string;
  portalPid: number | undefined;
  catalogueOrigin: string;
  bareUrl: string;
  barePid: number | undefined;
}): Promise<MarketplaceResult> {
  const combinations = await chooseFilterCombinations(setup.portalUrl, setup.catalogueOrigin);
  const rotate: RequestSpec[] = combinations.map(({ filters }) => ({
    method: 'POST',
    path: '/api/marketPlace/getFilteredProducts',
    body: JSON.stringify({ ...filters, websiteUrl: setup.catalogueOrigin }),
  }));
  const result = await measureInterleaved(
    { name: 'bare Fastify GET /hello', pid: setup.barePid, options: { url: setup.bareUrl } },
    [
      {
        name: `POST /api/marketPlace/getFilteredProducts (${combinations.length} filter combinations in turn)`,
        pid: setup.portalPid,
        options: {
          url: setup.portalUrl,
          headers: { 'content-type': 'application/json', origin: setup.catalogueOrigin },
          rotate,
        },
      },
    ],
    { connections: MARKETPLACE_CONNECTIONS },
  );
  const selected = combinations.map((combination) => combination.selected);
  return {
    ...result,
    combinations: combinations.length,
    selected: { min: Math.min(...selected), max: Math.max(...selected) },
    passed: result.routes.every(isPassing),
  };
}

export function describeMarketplaceFilters(result: MarketplaceResult): string[] {
  return [
    `Filtered marketplace pages (the 10,000-product company, ${result.combinations} distinct filter combinations selecting ${result.selected.min}–${result.selected.max} products each, sent in turn; ${result.connections} connections; median of ${result.rounds} interleaved rounds of ${result.seconds} s, min–max in brackets):`,
    `  ${result.bare.name}: ${describeFigures(result.bare, { ratio: false })}`,
    ...result.routes.map(
      (figures) =>
        `  ${figures.name}: ${describeFigures(figures)}; target p99 ≤ ${TARGET_FILTERED_P99_MS} ms ${verdict(isPassing(figures))}${describeFailures(figures)}`,
    ),
  ];
}
