// Customer calls (issue 12): each a session check plus one query, for a signed-in customer with a
// realistic account: 1,000 running VMs (so 1,000 paid orders in the purchase history), a few
// pending orders and a few saved configurations. Measured at 50 connections beside the bare
// route in interleaved rounds: the saved items, the profile (which carries each tab's first page)
// and the Products tab's first and last page (issue 11).
import { cpuCountForMemory } from '@cloud-portal/contract/marketplace/configuration-rules';
import { ZSaveVmForLaterRequest } from '@cloud-portal/contract/saved-items/saved-vm';
import { ACTIVE_VMS_PAGE_SIZE } from '@cloud-portal/contract/vms/active-vms';
import type { Config } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { loadProductDetails } from '../apps/api/src/modules/marketplace/product-details';
import { quoteProductConfiguration } from '../apps/api/src/modules/marketplace/quote-configuration';
import { saveVmForLater } from '../apps/api/src/modules/saved-items/saved-vms';
import {
  createPendingOrders,
  insertRunningMachines,
  removeBenchCompany,
  seedBenchBuyer,
  type Buyer,
} from './support/bench-buyer';
import {
  describeFailures,
  describeFigures,
  measureInterleaved,
  verdict,
  type InterleavedResult,
  type RouteFigures,
} from './support/rounds';

export const CUSTOMER_VMS = Number(process.env.BENCH_PRODUCTS_TAB_VMS ?? 1_000);
const PENDING_ORDERS = 3;
/** Configurations the customer saved for later (memory and disk GB; vCPUs follow the memory). */
const SAVED_CONFIGURATIONS = [
  { memory: 2, disk: 40 },
  { memory: 4, disk: 60 },
  { memory: 8, disk: 100 },
  { memory: 16, disk: 200 },
  { memory: 4, disk: 40 },
];
export const CUSTOMER_COMPANY_SLUG = 'bench-customer';
export const CUSTOMER_CALLS_CONNECTIONS = 50;
export const TARGET_CUSTOMER_P99_MS = 50;
export const TARGET_CUSTOMER_RPS = { 'embedded PGlite': 1_000, PostgreSQL: 3_000 } as const;

export type BenchCustomer = Buyer & { vms: number; pendingOrders: number; saved: number };

/** The customer's company on `origin` (written afresh), its account, orders, VMs and saved items. */
export async function seedBenchCustomer(
  handle: DatabaseHandle,
  config: Config,
  origin: string,
): Promise<BenchCustomer> {
  await removeBenchCompany(handle, CUSTOMER_COMPANY_SLUG);
  const buyer = await seedBenchBuyer(handle.db, config, origin, {
    slug: CUSTOMER_COMPANY_SLUG,
    name: 'Customer Bench Cloud',
    email: 'customer.calls@bench.example',
  });
  const references = await createPendingOrders(
    handle,
    config,
    origin,
    buyer,
    CUSTOMER_VMS + PENDING_ORDERS,
  );
  await insertRunningMachines(handle, buyer, references.slice(PENDING_ORDERS));
  const owner = { companyId: buyer.companyId, customerId: buyer.customerId };
  const details = await loadProductDetails(handle.db, buyer.companyId, buyer.productId);
  for (const { memory, disk } of SAVED_CONFIGURATIONS) {
    const configuration = {
      memory,
      disk,
      processor: cpuCountForMemory(details.ramCpuDependecy, memory) ?? 1,
    };
    const { quote } = await quoteProductConfiguration(
      handle.db,
      buyer.companyId,
      buyer.productId,
      configuration,
      30,
    );
    // As the saved-items route takes the customer's Save for later.
    const body = ZSaveVmForLaterRequest.parse({
      productID: buyer.productId,
      memoryCount: configuration.memory,
      memoryUnit: 'GB',
      driveCount: configuration.disk,
      driveUnit: 'GB',
      processorCount: configuration.processor,
      region: buyer.regionId,
      timePeriod: 30,
      totalAmount: quote.totalPayable,
    });
    await saveVmForLater(handle.db, owner, {
      productId: body.productID,
      memory: body.memoryCount,
      disk: body.driveCount,
      processor: body.processorCount,
      regionId: body.region,
      days: body.timePeriod,
      totalAmount: body.totalAmount,
    });
  }
  return {
    ...buyer,
    vms: CUSTOMER_VMS,
    pendingOrders: PENDING_ORDERS,
    saved: SAVED_CONFIGURATIONS.length,
  };
}

export type CustomerCallsSetup = {
  database: 'embedded PGlite' | 'PostgreSQL';
  portalUrl: string;
  portalPid: number | undefined;
  /** The customer's company's origin and a live access cookie of the customer. */
  origin: string;
  cookie: string;
  customer: BenchCustomer;
  bareUrl: string;
  barePid: number | undefined;
};

export type CustomerCallsResult = InterleavedResult & {
  database: CustomerCallsSetup['database'];
  customer: { vms: number; pendingOrders: number; saved: number };
  targetRequestsPerSecond: number;
  passed: boolean;
};

/** Before measuring: each call answers 200 with the customer's own data, not an empty page. */
async function checkAnswers(setup: CustomerCallsSetup, paths: string[]) {
  const read = async (pathName: string) => {
    const answer = await fetch(`${setup.portalUrl}${pathName}`, {
      headers: { origin: setup.origin, cookie: setup.cookie },
    });
    if (answer.status !== 200) throw new Error(`GET ${pathName} answered ${answer.status}`);
    return ((await answer.json()) as { data: unknown }).data;
  };
  const [saved, profile, first, last] = (await Promise.all(paths.map(read))) as [
    unknown[],
    { purchaseHistory: { total: number } },
    { rows: unknown[]; total: number },
    { rows: unknown[] },
  ];
  const expected = setup.customer;
  const problems = [
    saved.length !== expected.saved && `${saved.length} saved items, not ${expected.saved}`,
    profile.purchaseHistory.total < expected.vms &&
      `a purchase history of ${profile.purchaseHistory.total}`,
    first.total !== expected.vms && `the Products tab counts ${first.total} VMs`,
    (first.rows.length === 0 || last.rows.length === 0) && 'an empty Products tab page',
  ].filter(Boolean);
  if (problems.length) throw new Error(`the customer's data is wrong: ${problems.join('; ')}`);
}

const isPassing = (figures: RouteFigures, targetRequestsPerSecond: number) =>
  figures.p99Ms.median <= TARGET_CUSTOMER_P99_MS &&
  figures.requestsPerSecond.median >= targetRequestsPerSecond &&
  figures.failures === 0;

export async function measureCustomerCalls(
  setup: CustomerCallsSetup,
): Promise<CustomerCallsResult> {
  const lastPage = Math.max(1, Math.ceil(setup.customer.vms / ACTIVE_VMS_PAGE_SIZE));
  const paths = [
    '/api/virtualMachine/showSavedVM',
    '/api/profileSetting/userProfileInfo',
    '/api/vmAction/activeVMs?page=1',
    `/api/vmAction/activeVMs?page=${lastPage}`,
  ];
  await checkAnswers(setup, paths);
  const result = await measureInterleaved(
    { name: 'bare Fastify GET /hello', pid: setup.barePid, options: { url: setup.bareUrl } },
    paths.map((pathName) => ({
      name: `GET ${pathName}`,
      pid: setup.portalPid,
      options: {
        url: `${setup.portalUrl}${pathName}`,
        headers: { origin: setup.origin, cookie: setup.cookie },
      },
    })),
    { connections: CUSTOMER_CALLS_CONNECTIONS },
  );
  const targetRequestsPerSecond = TARGET_CUSTOMER_RPS[setup.database];
  return {
    ...result,
    database: setup.database,
    customer: {
      vms: setup.customer.vms,
      pendingOrders: setup.customer.pendingOrders,
      saved: setup.customer.saved,
    },
    targetRequestsPerSecond,
    passed: result.routes.every((figures) => isPassing(figures, targetRequestsPerSecond)),
  };
}

export function describeCustomerCalls(result: CustomerCallsResult): string[] {
  const { customer } = result;
  return [
    `Customer calls (${result.database}; a signed-in customer with ${customer.vms} running VMs, ${customer.vms + customer.pendingOrders} orders, ${customer.saved} saved items; ${result.connections} connections; median of ${result.rounds} interleaved rounds of ${result.seconds} s, min–max in brackets):`,
    `  ${result.bare.name}: ${describeFigures(result.bare, { ratio: false })}`,
    ...result.routes.map(
      (figures) =>
        `  ${figures.name}: ${describeFigures(figures)}; target p99 ≤ ${TARGET_CUSTOMER_P99_MS} ms, ≥ ${result.targetRequestsPerSecond} req/s ${verdict(isPassing(figures, result.targetRequestsPerSecond))}${describeFailures(figures)}`,
    ),
  ];
}
