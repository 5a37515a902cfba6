// The completion path (issue 10): verified Sandbox payment notifications per second, several
// copies for each order, sent by autocannon from a process of its own to the portal in its own (embedded
// database unless DATABASE_URL is set), beside a bare Fastify route measured with the same tool and
// connections; then a count, row by row, that every order was settled exactly once.
// `node --import tsx bench/payment-completion.ts` runs it alone (bench/README.md).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { customers, notifications } from '../apps/api/src/db/schema/accounts';
import {
  orderEvents,
  orders,
  paymentTransactions,
  vmRequests,
} from '../apps/api/src/db/schema/orders';
import { prepareDatabase } from '../apps/api/src/seed/migrate-and-seed-demo';
import { JOB_SCHEMA } from '../apps/api/src/jobs/job-queue';
import { QUEUES } from '../apps/api/src/jobs/queues';
import {
  benchCompanyId,
  createPendingOrders,
  removeBenchCompany,
  removeBenchCompanyFrom,
  seedBenchBuyer,
  type Buyer,
} from './support/bench-buyer';
import { runLoad, type RequestSpec } from './support/load-client';
import { BENCH_SECRETS } from './support/bench-secrets';
import { cpuSecondsOf, freePort, startProcess, stopProcess } from './support/processes';

export const COMPLETION_ORDERS = Number(process.env.BENCH_COMPLETION_ORDERS ?? 400);
/** Notifications sent for each order: the first settles it, the others must change nothing. */
export const COMPLETION_COPIES = Number(process.env.BENCH_COMPLETION_COPIES ?? 3);
export const TARGET_NOTIFICATIONS_PER_SECOND = 200;
const CONNECTIONS = 32;
const BARE_SECONDS = 3;
const COMPANY_SLUG = 'bench-completion';
const BUYER_EMAIL = 'completion.buyer@bench.example';

export type PaymentCompletionResult = {
  database: 'embedded PGlite' | 'PostgreSQL';
  orders: number;
  copies: number;
  notifications: number;
  seconds: number;
  /** Every notification sent, per second of the run (all answered; none refused or lost). */
  notificationsPerSecond: number;
  /** Those that went through the signature check and the settlement (order_events rows). */
  verifiedNotifications: number;
  verifiedPerSecond: number;
  settledPerSecond: number;
  p99Ms: number;
  answers: Record<string, number>;
  errors: number;
  bareRequestsPerSecond: number;
  /** The portal process's CPU time over the run, per notification (Linux only). */
  portalCpuMsPerNotification: number | null;
  /** Its CPU time over the run's wall time: 1 is one core kept busy. */
  portalCpuShare: number | null;
  /** The machine's one-minute load average at the end of the run (other processes share it). */
  loadAverage: number;
  exactlyOnce: { paid: number; problems: string[] };
  passed: { throughput: boolean; exactlyOnce: boolean };
};

/** Runs `task(0..count-1)` with `concurrency` in flight. */
async function eachConcurrently(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Each order is a customer at an address of their own (the portal trusts X-Forwarded-For here, as
 * behind its proxy): the per-address limits are the product's, and one address may post only 60
 * checkout choices a minute.
 */
const addressOf = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** Each order's checkout page, as the customer's browser opens it: its form token. */
async function openCheckouts(
  portalUrl: string,
  origin: string,
  buyer: Buyer,
  references: string[],
): Promise<string[]> {
  const formTokens: string[] = [];
  await eachConcurrently(references.length, CONNECTIONS, async (index) => {
    const page = await fetch(`${portalUrl}/api/payments/sandbox/${references[index]}`, {
      headers: { origin, cookie: buyer.cookie, 'x-forwarded-for': addressOf(index) },
    });
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
    if (page.status !== 200 || !token)
      throw new Error(
        `the checkout of ${references[index]} answered ${page.status} without its form`,
      );
    formTokens[index] = token;
  });
  return formTokens;
}

/**
 * The notifications: the customer's "complete" choice, which the portal signs as the Sandbox's
 * notification and puts through the gateway's verification and the one settlement. Notification
 * i is copy i % copies of order i / copies, so an order's copies are in flight side by side.
 * Sent by the load generator in a process of its own.
 */
async function sendNotifications(
  portalUrl: string,
  origin: string,
  buyer: Buyer,
  created: { references: string[]; formTokens: string[] },
  copies: number,
) {
  const total = created.references.length * copies;
  const rotate: RequestSpec[] = Array.from({ length: total }, (_, sent) => {
    const index = Math.floor(sent / copies);
    return {
      method: 'POST',
      path: `/api/payments/sandbox/${created.references[index]}`,
      headers: {
        origin,
        cookie: buyer.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': addressOf(index),
      },
      body: new URLSearchParams({
        outcome: 'complete',
        token: created.formTokens[index]!,
      }).toString(),
    };
  });
  const result = await runLoad({ url: portalUrl, connections: CONNECTIONS, amount: total, rotate });
  // autocannon answers at its next one-second sample after the last response: the run is timed
  // to the last response instead, or every figure would be rounded down to whole seconds.
  return { result, seconds: result.lastResponseMs / 1000, answers: result.statusCodes, total };
}

type Counted = { order_id: string; n: number };

/** Row by row: each order paid once, with one of everything its payment makes, and no more. */
async function checkExactlyOnce(
  handle: DatabaseHandle,
  references: string[],
): Promise<{ paid: number; problems: string[]; verified: number }> {
  const { db } = handle;
  const companyId = (await benchCompanyId(db, COMPANY_SLUG))!;
  const rows = await db
    .select({ id: orders.id, reference: orders.reference, status: orders.status })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.reference, references)));
  const ids = rows.map((row) => row.id);
  const perOrder = async (table: typeof paymentTransactions | typeof vmRequests) =>
    new Map(
      (
        await db
          .select({ orderId: table.orderId, n: sql<number>`count(*)::int` })
          .from(table)
          .where(inArray(table.orderId, ids))
          .groupBy(table.orderId)
      ).map((row) => [row.orderId, row.n]),
    );
  const transactions = await perOrder(paymentTransactions);
  const requests = await perOrder(vmRequests);
  const bell = new Map<string, number>();
  for (const { detail } of await db
    .select({ detail: notifications.detail })
    .from(notifications)
    .innerJoin(customers, eq(customers.id, notifications.customerId))
    .where(eq(customers.companyId, companyId))) {
    const reference = /CP[0-9A-Z]{16}/.exec(detail)?.[0];
    if (reference) bell.set(reference, (bell.get(reference) ?? 0) + 1);
  }
  const jobs = new Map<string, number>();
  for (const table of ['job', 'archive']) {
    const { rows: counted } = (await handle.executeSql(
      `select name || ':' || (data->>'orderId') as order_id, count(*)::int as n from ${JOB_SCHEMA}.${table}
        where name = any($1) and data->>'orderId' = any($2) and data->>'isRecheck' is null
        group by 1`,
      [[QUEUES.vmRequest, QUEUES.purchaseConfirmation], ids.map(String)],
    )) as { rows: Counted[] };
    for (const row of counted) jobs.set(row.order_id, (jobs.get(row.order_id) ?? 0) + row.n);
  }
  const events = await db
    .select({ verdict: orderEvents.verdict, n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(and(eq(orderEvents.companyId, companyId), eq(orderEvents.source, 'sandbox')))
    .groupBy(orderEvents.verdict);

  const problems: string[] = [];
  const tally = new Map<string, number>();
  const miss = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);
  if (rows.length !== references.length)
    miss(`orders not found: ${references.length - rows.length}`);
  for (const row of rows) {
    if (row.status !== 'paid') miss('not paid');
    if ((transactions.get(row.id) ?? 0) !== 1) miss('payment_transactions rows ≠ 1');
    if ((requests.get(row.id) ?? 0) !== 1) miss('vm_requests rows ≠ 1');
    if ((bell.get(row.reference) ?? 0) !== 1) miss('bell notifications ≠ 1');
    if ((jobs.get(`${QUEUES.vmRequest}:${row.id}`) ?? 0) !== 1) miss('vm-request jobs ≠ 1');
    if ((jobs.get(`${QUEUES.purchaseConfirmation}:${row.id}`) ?? 0) !== 1) miss('receipt jobs ≠ 1');
  }
  for (const [what, n] of tally) problems.push(`${what} (${n})`);
  for (const event of events.filter((counted) => counted.verdict !== 'paid'))
    problems.push(`${event.n} sandbox events with verdict ${event.verdict}`);
  return {
    paid: rows.filter((row) => row.status === 'paid').length,
    problems,
    verified: events.reduce((sum, event) => sum + event.n, 0),
  };
}

export async function measurePaymentCompletion(
  options: { orders?: number; copies?: number } = {},
): Promise<PaymentCompletionResult> {
  const orderCount = options.orders ?? COMPLETION_ORDERS;
  const copies = options.copies ?? COMPLETION_COPIES;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-completion-'));
  const dataDir = path.join(runDir, 'data');
  const logDir = path.join(runDir, 'logs');
  const [portalPort, barePort] = [await freePort(), await freePort()];
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const origin = `http://completion.localhost:${portalPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(portalPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: portalUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    TRUST_PROXY: 'true',
    // The receipts of the paid orders are printed, never sent to a real mail server.
    SMTP_URL: '',
    ...BENCH_SECRETS,
    // The completion path only: paid orders' machines are provisioned by other processes (the
    // simulator's provisioning has a bench of its own, issue 11).
    JOB_WORKERS: Object.values(QUEUES)
      .filter((queue) => queue !== QUEUES.vmRequest)
      .join(','),
  };
  const config = loadConfig(env);
  const database = config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
  const children: ChildProcess[] = [];
  try {
    let handle = await openConfiguredDatabase(config);
    let buyer: Buyer;
    let references: string[];
    try {
      await prepareDatabase(handle);
      await removeBenchCompany(handle, COMPANY_SLUG);
      buyer = await seedBenchBuyer(handle.db, config, origin, {
        slug: COMPANY_SLUG,
        name: 'Completion Bench Cloud',
        email: BUYER_EMAIL,
      });
      references = await createPendingOrders(handle, config, origin, buyer, orderCount);
    } finally {
      await handle.close();
    }
    const bare = await startProcess(['bench/bare-server.ts', String(barePort)], env, {
      logFile: path.join(logDir, 'bare.log'),
      readyUrl: `http://127.0.0.1:${barePort}/hello`,
    });
    children.push(bare);
    const portal = await startProcess(['apps/api/src/server.ts'], env, {
      logFile: path.join(logDir, 'portal.log'),
      readyUrl: `${portalUrl}/api/health`,
    });
    children.push(portal);

    // Opening the checkouts also warms the route up; the yardstick is measured just before.
    const formTokens = await openCheckouts(portalUrl, origin, buyer, references);
    const bareUrl = `http://127.0.0.1:${barePort}/hello`;
    await runLoad({ url: bareUrl, connections: CONNECTIONS, duration: 1 });
    const bareRun = await runLoad({
      url: bareUrl,
      connections: CONNECTIONS,
      duration: BARE_SECONDS,
    });
    const cpuBefore = cpuSecondsOf(portal.pid);
    const sent = await sendNotifications(
      portalUrl,
      origin,
      buyer,
      { references, formTokens },
      copies,
    );
    const cpuAfter = cpuSecondsOf(portal.pid);
    await stopProcess(portal);
    await stopProcess(bare);

    handle = await openConfiguredDatabase(config);
    let check: Awaited<ReturnType<typeof checkExactlyOnce>>;
    try {
      check = await checkExactlyOnce(handle, references);
      if (handle.kind === 'postgres') await removeBenchCompany(handle, COMPANY_SLUG);
    } finally {
      await handle.close();
    }

    const refused = Object.entries(sent.answers)
      .filter(([status]) => status !== '200' && status !== '303')
      .reduce((sum, [, n]) => sum + n, 0);
    const errors = sent.result.errors + sent.result.timeouts + refused;
    const notificationsPerSecond = sent.total / sent.seconds;
    const problems = [...check.problems];
    if (errors) problems.push(`${errors} notifications refused, failed or timed out`);
    return {
      database,
      orders: orderCount,
      copies,
      notifications: sent.total,
      seconds: sent.seconds,
      notificationsPerSecond,
      verifiedNotifications: check.verified,
      verifiedPerSecond: check.verified / sent.seconds,
      settledPerSecond: check.paid / sent.seconds,
      p99Ms: sent.result.latency.p99,
      answers: sent.answers,
      errors,
      bareRequestsPerSecond: bareRun.requestsPerSecond,
      portalCpuMsPerNotification:
        cpuBefore === null || cpuAfter === null
          ? null
          : ((cpuAfter - cpuBefore) * 1000) / sent.total,
      portalCpuShare:
        cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / sent.seconds,
      loadAverage: os.loadavg()[0]!,
      exactlyOnce: { paid: check.paid, problems },
      passed: {
        throughput: notificationsPerSecond >= TARGET_NOTIFICATIONS_PER_SECOND && errors === 0,
        exactlyOnce: problems.length === 0 && check.paid === orderCount,
      },
    };
  } finally {
    for (const child of children) await stopProcess(child);
    fs.rmSync(runDir, { recursive: true, force: true });
    // A run that stopped half-way leaves nothing behind on a shared server either.
    if (config.databaseUrl) await removeBenchCompanyFrom(config, COMPANY_SLUG);
  }
}

export function describePaymentCompletion(result: PaymentCompletionResult): string[] {
  const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  const answeredFromOrder = result.notifications - result.verifiedNotifications - result.errors;
  const answers = Object.entries(result.answers)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return [
    `Payment completion (${result.database}; the Sandbox checkout's POST with the page's form token, ${CONNECTIONS} connections from the load generator's process):`,
    `  ${result.orders} pending orders (one by CreateOrder's service, the rest copies of it), ${result.copies} notifications each, an order's copies sent side by side`,
    `  completion: ${result.notificationsPerSecond.toFixed(0)} verified notifications/s (target ≥ ${TARGET_NOTIFICATIONS_PER_SECOND}) ${verdict(result.passed.throughput)}`,
    `    ${result.notifications} in ${result.seconds.toFixed(1)} s (p99 ${result.p99Ms} ms; answers ${answers}${result.errors ? `; ${result.errors} failed` : ''}): ${result.verifiedNotifications} went through the Sandbox's signature check and the settlement (${result.verifiedPerSecond.toFixed(0)}/s)${answeredFromOrder > 0 ? `; the other ${answeredFromOrder} were sent back to the result page: the order was paid already` : ''}`,
    `    orders settled: ${result.settledPerSecond.toFixed(0)}/s; bare Fastify GET /hello just before, same tool and connections: ${result.bareRequestsPerSecond.toFixed(0)} req/s`,
    ...(result.portalCpuMsPerNotification === null || result.portalCpuShare === null
      ? []
      : [
          `    the portal used ${result.portalCpuMsPerNotification.toFixed(1)} ms of CPU per notification, ${(result.portalCpuShare * 100).toFixed(0)} % of a core over the run (${os.cpus().length} cores, load average ${result.loadAverage.toFixed(1)})`,
        ]),
    `  exactly once: ${result.exactlyOnce.paid}/${result.orders} orders paid; each order has one payment_transactions row, one vm_requests row, one bell notification, one vm-request job and one receipt job ${verdict(result.passed.exactlyOnce)}${result.exactlyOnce.problems.length ? ` (${result.exactlyOnce.problems.join('; ')})` : ''}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measurePaymentCompletion();
  for (const line of describePaymentCompletion(result)) console.log(line);
  if (!result.passed.throughput || !result.passed.exactlyOnce) process.exitCode = 1;
}
