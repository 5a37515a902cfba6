// The machines (issue 11): the simulator's provisioning throughput (paid orders per minute, each
// with exactly one VM). The portal runs in its own process on a fresh embedded database (or the
// PostgreSQL named by DATABASE_URL); the database checks run in this one. The Products tab's call
// for a customer with 1,000 VMs is measured with the other customer calls (customer-calls.ts).
// `node --import tsx bench/machines.ts` runs it alone (bench/README.md).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ACTIVE_VMS_PAGE_SIZE, type TActiveVmsPage } from '@cloud-portal/contract/vms/active-vms';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { simulatedMachines } from '../apps/api/src/db/schema/hypervisors';
import { orders } from '../apps/api/src/db/schema/orders';
import { virtualMachines } from '../apps/api/src/db/schema/virtual-machines';
import { prepareDatabase } from '../apps/api/src/seed/migrate-and-seed-demo';
import { startJobQueue } from '../apps/api/src/jobs/job-queue';
import { QUEUES } from '../apps/api/src/jobs/queues';
import { applyVerdict } from '../apps/api/src/modules/payments/apply-verdict';
import {
  createPendingOrders,
  removeBenchCompany,
  removeBenchCompanyFrom,
  seedBenchBuyer,
  type Buyer,
} from './support/bench-buyer';
import { BENCH_SECRETS } from './support/bench-secrets';
import { freePort, startProcess, stopProcess } from './support/processes';

export const PROVISIONING_ORDERS = Number(process.env.BENCH_PROVISIONING_ORDERS ?? 100);
/** A provisioning run that has not finished by then is reported as such. */
const PROVISIONING_DEADLINE_MS = 10 * 60_000;
const COMPANY_SLUG = 'bench-machines';

export type MachinesResult = {
  database: 'embedded PGlite' | 'PostgreSQL';
  provisioning: {
    orders: number;
    simulatorOperationMs: number;
    seconds: number | null;
    ordersPerMinute: number | null;
    running: number;
    failed: number;
    problems: string[];
  };
  passed: { provisioning: boolean };
};

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
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-machines-'));
  const dataDir = path.join(runDir, 'data');
  const logDir = path.join(runDir, 'logs');
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
    ...BENCH_SECRETS,
  };
  const config = loadConfig(env);
  const simulatorOperationMs = config.simulatorOperationMs;
  const children: ChildProcess[] = [];
  try {
    // A customer's paid orders, waiting for a process that works the vm-request queue. Their
    // progress is read through that customer's Products tab: the embedded database admits one
    // process at a time.
    const { provisioner, orderIds } = await withDatabase(config, async (handle) => {
      await prepareDatabase(handle);
      await removeBenchCompany(handle, COMPANY_SLUG);
      const buyer = await seedBenchBuyer(handle.db, config, origin, {
        slug: COMPANY_SLUG,
        name: 'Machines Bench Cloud',
        email: 'machines.provisioning@bench.example',
      });
      const references = await createPendingOrders(
        handle,
        config,
        origin,
        buyer,
        PROVISIONING_ORDERS,
      );
      return { provisioner: buyer, orderIds: await payOrders(handle, buyer, references) };
    });
    const started = performance.now();
    const worker = await startProcess(
      ['apps/api/src/server.ts'],
      { ...env, JOB_WORKERS: QUEUES.vmRequest },
      { logFile: path.join(logDir, 'portal.log'), readyUrl: `${portalUrl}/api/health` },
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
      provisioning,
      passed: { provisioning: provisioning.problems.length === 0 },
    };
  } finally {
    for (const child of children) await stopProcess(child);
    fs.rmSync(runDir, { recursive: true, force: true });
    // A run that stopped half-way leaves nothing behind on a shared server either.
    if (config.databaseUrl) await removeBenchCompanyFrom(config, COMPANY_SLUG);
  }
}

export function describeMachines(result: MachinesResult): string[] {
  const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  const { provisioning } = result;
  return [
    `Machines (${result.database}; the portal in its own process, its log in a file):`,
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
  if (!result.passed.provisioning) process.exitCode = 1;
}
