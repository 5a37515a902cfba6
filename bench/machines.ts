// The machines (issue 11): the Products tab's call for a customer with 1,000 VMs, and the
// simulator's provisioning throughput (paid orders per minute, each with exactly one VM).
// The portal runs in its own process on a fresh embedded database (or the PostgreSQL named by
// DATABASE_URL); autocannon and the database checks run in this one.
// `node --import tsx bench/machines.ts` runs it alone (bench/README.md).
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ACTIVE_VMS_PAGE_SIZE, type TActiveVmsPage } from '@cloud-portal/contract/vms/active-vms';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { simulatedMachines } from '../apps/api/src/db/schema/hypervisors';
import { orders } from '../apps/api/src/db/schema/orders';
import { virtualMachines } from '../apps/api/src/db/schema/virtual-machines';
import { prepareDatabase } from '../apps/api/src/db/seed/migrate-and-seed-demo';
import { startJobQueue } from '../apps/api/src/jobs/job-queue';
import { QUEUES } from '../apps/api/src/jobs/queues';
import { randomToken } from '../apps/api/src/lib/tokens';
import { applyVerdict } from '../apps/api/src/payments/apply-verdict';
import {
  addBenchBuyer,
  createPendingOrders,
  removeBenchCompany,
  seedBenchBuyer,
  type Buyer,
} from './support/bench-buyer';
import { freePort, startProcess, stopProcess } from './support/processes';

export const PRODUCTS_TAB_VMS = Number(process.env.BENCH_PRODUCTS_TAB_VMS ?? 1_000);
export const PROVISIONING_ORDERS = Number(process.env.BENCH_PROVISIONING_ORDERS ?? 100);
export const TARGET_PRODUCTS_TAB_P99_MS = 50;
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** A provisioning run that has not finished by then is reported as such. */
const PROVISIONING_DEADLINE_MS = 10 * 60_000;
const COMPANY_SLUG = 'bench-machines';
const DAY_MS = 86_400_000;

type PageResult = { page: number; requestsPerSecond: number; p99Ms: number; failures: number };

export type MachinesResult = {
  database: 'embedded PGlite' | 'PostgreSQL';
  vms: number;
  pages: PageResult[];
  provisioning: {
    orders: number;
    simulatorOperationMs: number;
    seconds: number | null;
    ordersPerMinute: number | null;
    running: number;
    failed: number;
    problems: string[];
  };
  passed: { productsTab: boolean; provisioning: boolean };
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The customer's machines as provisioning leaves them: one per paid order, running. */
async function insertRunningMachines(handle: DatabaseHandle, buyer: Buyer, references: string[]) {
  const { db } = handle;
  const paid = await db
    .update(orders)
    .set({ status: 'paid', settledAt: new Date() })
    .where(and(eq(orders.companyId, buyer.companyId), inArray(orders.reference, references)))
    .returning({ id: orders.id });
  const now = Date.now();
  for (let start = 0; start < paid.length; start += 500) {
    await db.insert(virtualMachines).values(
      paid.slice(start, start + 500).map((order, index) => ({
        companyId: buyer.companyId,
        customerId: buyer.customerId,
        orderId: order.id,
        productId: buyer.productId,
        name: 'Ubuntu Bench',
        aliasName: index % 3 === 0 ? `web-${start + index}` : null,
        operatingSystem: 'Ubuntu',
        serviceType: 'Proxmox VE',
        driver: 'simulator',
        machineUuid: randomUUID(),
        privateAddress: `10.${(start + index) >> 16}.${((start + index) >> 8) & 255}.${(start + index) & 255}`,
        status: 'running' as const,
        ramGb: 2,
        vcpus: 1,
        diskGb: 40,
        periodDays: 30,
        startsAt: new Date(now - (start + index) * 60_000),
        endsAt: new Date(now + 30 * DAY_MS - (start + index) * 60_000),
        createdAt: new Date(now - (start + index) * 60_000),
      })),
    );
  }
}

/** Interleaved rounds over the pages; per page the median req/s and p99 of the rounds. */
async function measurePages(portalUrl: string, origin: string, buyer: Buyer, pages: number[]) {
  const options = (page: number): autocannon.Options => ({
    url: `${portalUrl}/api/vmAction/activeVMs?page=${page}`,
    headers: { origin, cookie: buyer.cookie },
    connections: CONNECTIONS,
  });
  for (const page of pages) await autocannon({ ...options(page), duration: 1 });
  const rounds = pages.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, page] of pages.entries())
      rounds[index]!.push(await autocannon({ ...options(page), duration: ROUND_SECONDS }));
  }
  return pages.map((page, index): PageResult => {
    const results = rounds[index]!;
    return {
      page,
      requestsPerSecond: median(results.map((result) => result.requests.average)),
      p99Ms: median(results.map((result) => result.latency.p99)),
      // A round that completed no request at all counts as a failure, never as a fast one.
      failures: results.reduce(
        (sum, result) =>
          sum +
          result.non2xx +
          result.errors +
          result.timeouts +
          (result.requests.total === 0 ? 1 : 0),
        0,
      ),
    };
  });
}

/** Paid orders, settled as a gateway's verdict settles them: each with its vm-request job. */
async function payOrders(handle: DatabaseHandle, buyer: Buyer, references: string[]) {
  const jobs = await startJobQueue(handle, (error) => console.error('job queue:', error.message));
  try {
    const pending = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, buyer.companyId), inArray(orders.reference, references)));
    for (const order of pending) {
      await applyVerdict(
        { db: handle.db, jobs },
        order,
        { source: 'bypass', payload: { bench: true } },
        {
          status: 'paid',
          amountMinor: order.chargeTotalMinor,
          gatewayTransactionId: order.reference,
        },
      );
    }
    return pending.map((order) => order.id);
  } finally {
    await jobs.stop();
  }
}

/** The customer's VMs by state, read page by page from the Products tab's own call. */
async function countThroughTab(portalUrl: string, origin: string, buyer: Buyer, expected: number) {
  const counted = { running: 0, failed: 0 };
  for (let page = 1; page <= Math.ceil(expected / ACTIVE_VMS_PAGE_SIZE); page += 1) {
    const answer = await fetch(`${portalUrl}/api/vmAction/activeVMs?page=${page}`, {
      headers: { origin, cookie: buyer.cookie },
    });
    if (!answer.ok) throw new Error(`the Products tab answered ${answer.status}`);
    const { data } = (await answer.json()) as { data: TActiveVmsPage };
    for (const row of data.rows) {
      if (row.status === 'running') counted.running += 1;
      if (row.status === 'failed') counted.failed += 1;
    }
    if (data.rows.length < ACTIVE_VMS_PAGE_SIZE) break;
  }
  return counted;
}

/** Each paid order has exactly one VM row and the simulator exactly one machine for it. */
async function checkOneMachineEach(handle: DatabaseHandle, buyer: Buyer, orderIds: number[]) {
  const problems: string[] = [];
  const vms = await handle.db
    .select({ orderId: virtualMachines.orderId, uuid: virtualMachines.machineUuid })
    .from(virtualMachines)
    .where(inArray(virtualMachines.orderId, orderIds));
  if (vms.length !== orderIds.length)
    problems.push(`${orderIds.length - vms.length} orders without a VM`);
  const uuids = vms.map((vm) => vm.uuid).filter((uuid): uuid is string => uuid !== null);
  if (new Set(uuids).size !== uuids.length) problems.push('a machine UUID recorded twice');
  const [made] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(simulatedMachines)
    .where(
      and(eq(simulatedMachines.companyId, buyer.companyId), eq(simulatedMachines.kind, 'machine')),
    );
  if (made!.n !== orderIds.length)
    problems.push(`the simulator made ${made!.n} machines for ${orderIds.length} orders`);
  return problems;
}

async function withDatabase<T>(config: Config, use: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await openConfiguredDatabase(config);
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

export async function measureMachines(): Promise<MachinesResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-machines-'));
  const portalPort = await freePort();
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const origin = `http://machines.localhost:${portalPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(portalPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: portalUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    SMTP_URL: '',
    SESSION_SECRET: randomToken(),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  };
  const config = loadConfig(env);
  const simulatorOperationMs = config.simulatorOperationMs;
  const children: ChildProcess[] = [];
  try {
    const { buyer, listed } = await withDatabase(config, async (handle) => {
      await prepareDatabase(handle);
      await removeBenchCompany(handle, COMPANY_SLUG);
      const seeded = await seedBenchBuyer(handle.db, config, origin, {
        slug: COMPANY_SLUG,
        name: 'Machines Bench Cloud',
        email: 'machines.buyer@bench.example',
      });
      const references = await createPendingOrders(
        handle,
        config,
        origin,
        seeded,
        PRODUCTS_TAB_VMS,
      );
      await insertRunningMachines(handle, seeded, references);
      return { buyer: seeded, listed: references.length };
    });

    // The Products tab: no jobs to run, so the portal's workers stay idle.
    const reader = await startProcess(
      ['apps/api/src/server.ts'],
      { ...env, JOB_WORKERS: QUEUES.accountMail },
      /is running at/,
    );
    children.push(reader);
    const lastPage = Math.max(1, Math.ceil(listed / ACTIVE_VMS_PAGE_SIZE));
    const pages = await measurePages(portalUrl, origin, buyer, [1, lastPage]);
    await stopProcess(reader);

    // Provisioning: a second customer's paid orders, waiting for a process that works the
    // vm-request queue. Their progress is read through that customer's Products tab: the
    // embedded database admits one process at a time.
    const { provisioner, orderIds } = await withDatabase(config, async (handle) => {
      const second = await addBenchBuyer(handle.db, config, {
        ...buyer,
        email: 'machines.provisioning@bench.example',
      });
      const references = await createPendingOrders(
        handle,
        config,
        origin,
        second,
        PROVISIONING_ORDERS,
      );
      return { provisioner: second, orderIds: await payOrders(handle, second, references) };
    });
    const started = performance.now();
    const worker = await startProcess(
      ['apps/api/src/server.ts'],
      { ...env, JOB_WORKERS: QUEUES.vmRequest },
      /is running at/,
    );
    children.push(worker);
    let counted = await countThroughTab(portalUrl, origin, provisioner, orderIds.length);
    while (
      counted.running + counted.failed < orderIds.length &&
      performance.now() - started < PROVISIONING_DEADLINE_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      counted = await countThroughTab(portalUrl, origin, provisioner, orderIds.length);
    }
    const finished = counted.running + counted.failed === orderIds.length;
    const seconds = finished ? (performance.now() - started) / 1000 : null;
    await stopProcess(worker);
    const provisioning = await withDatabase(config, async (handle) => {
      const problems = await checkOneMachineEach(handle, provisioner, orderIds);
      if (counted.failed) problems.push(`${counted.failed} VMs failed`);
      if (!finished) problems.push(`not finished in ${PROVISIONING_DEADLINE_MS / 60_000} minutes`);
      if (handle.kind === 'postgres') await removeBenchCompany(handle, COMPANY_SLUG);
      return {
        orders: orderIds.length,
        simulatorOperationMs,
        seconds,
        ordersPerMinute: seconds === null ? null : (orderIds.length / seconds) * 60,
        ...counted,
        problems,
      };
    });

    return {
      database: config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite',
      vms: listed,
      pages,
      provisioning,
      passed: {
        productsTab: pages.every(
          (page) => page.p99Ms <= TARGET_PRODUCTS_TAB_P99_MS && page.failures === 0,
        ),
        provisioning: provisioning.problems.length === 0,
      },
    };
  } finally {
    for (const child of children) await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeMachines(result: MachinesResult): string[] {
  const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  const { provisioning } = result;
  return [
    `Machines (${result.database}; the portal in its own process, ${CONNECTIONS} connections from the bench process, median of ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s):`,
    ...result.pages.map(
      (page) =>
        `  GET /api/vmAction/activeVMs?page=${page.page} (customer with ${result.vms} VMs): ${page.requestsPerSecond.toFixed(0)} req/s, p99 ${page.p99Ms} ms (target ≤ ${TARGET_PRODUCTS_TAB_P99_MS} ms) ${verdict(page.p99Ms <= TARGET_PRODUCTS_TAB_P99_MS && page.failures === 0)}${page.failures ? ` (${page.failures} failed)` : ''}`,
    ),
    `  provisioning: ${provisioning.orders} paid orders, simulator ${provisioning.simulatorOperationMs} ms per operation, one process working vm-request: ${
      provisioning.seconds === null
        ? 'did not finish'
        : `all settled in ${provisioning.seconds.toFixed(1)} s = ${provisioning.ordersPerMinute!.toFixed(0)} orders/minute`
    } (${provisioning.running} running, ${provisioning.failed} failed)`,
    `  exactly one VM each: every order has one VM row and the simulator one machine ${verdict(result.passed.provisioning)}${provisioning.problems.length ? ` (${provisioning.problems.join('; ')})` : ''}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureMachines();
  for (const line of describeMachines(result)) console.log(line);
  if (!result.passed.productsTab || !result.passed.provisioning) process.exitCode = 1;
}
