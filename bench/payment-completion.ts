// The completion path (issue 10): verified Sandbox payment notifications per second, several
// copies for each order, sent by autocannon from this process to the portal in its own (embedded
// database unless DATABASE_URL is set), beside a bare Fastify route measured with the same tool and
// connections; then a count, row by row, that every order was settled exactly once.
// `node --import tsx bench/payment-completion.ts` runs it alone (bench/README.md).
import { spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ZCreateOrderRequest } from '@cloud-portal/contract/orders/create-order';
import { SANDBOX_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { loadConfig, type Config } from '../apps/api/src/config';
import type { Database, DatabaseHandle } from '../apps/api/src/db/client';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { customers, notifications } from '../apps/api/src/db/schema/accounts';
import { vmProducts } from '../apps/api/src/db/schema/catalogue';
import { companies, companyDomains } from '../apps/api/src/db/schema/company';
import { mailOutbox } from '../apps/api/src/db/schema/mail';
import {
  orderEvents,
  orders,
  paymentTransactions,
  vmRequests,
} from '../apps/api/src/db/schema/orders';
import { lines, product } from '../apps/api/src/db/seed/demo-catalogues';
import { prepareDatabase } from '../apps/api/src/db/seed/migrate-and-seed-demo';
import { writeDemoCatalogue } from '../apps/api/src/db/seed/write-demo-catalogue';
import { JOB_SCHEMA, startJobQueue } from '../apps/api/src/jobs/job-queue';
import { QUEUES } from '../apps/api/src/jobs/queues';
import { randomToken } from '../apps/api/src/lib/tokens';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { ACCESS_COOKIE } from '../apps/api/src/modules/accounts/session-cookies';
import { startSession } from '../apps/api/src/modules/accounts/sessions';
import { quoteProductConfiguration } from '../apps/api/src/modules/marketplace/quote-configuration';
import { createNewPurchaseOrder } from '../apps/api/src/modules/orders/create-order';
import { newOrderReference } from '../apps/api/src/modules/orders/order-reference';
import { createGatewayHttp } from '../apps/api/src/payments/gateway-http';
import { saveGatewaySettings } from '../apps/api/src/payments/gateway-settings';

export const COMPLETION_ORDERS = Number(process.env.BENCH_COMPLETION_ORDERS ?? 400);
/** Notifications sent for each order: the first settles it, the others must change nothing. */
export const COMPLETION_COPIES = Number(process.env.BENCH_COMPLETION_COPIES ?? 3);
export const TARGET_NOTIFICATIONS_PER_SECOND = 200;
const CONNECTIONS = 32;
const BARE_SECONDS = 3;
const COMPANY_SLUG = 'bench-completion';
const BUYER_EMAIL = 'completion.buyer@bench.example';
const root = path.resolve(import.meta.dirname, '..');
/** USER_HZ: Linux reports process CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A TypeScript entry point in a process of its own, resolved once it prints `readyPattern`. */
function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPattern: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROFILE_DIR=<dir> writes a V8 CPU profile of each process there, to see where time goes.
    const profile = process.env.BENCH_CPU_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
      : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${args.join(' ')} did not start in 60 s`));
    }, 60_000);
    let output = '';
    let isReady = false;
    // Drained for the whole run (request logs, mails printed); kept only until it is ready.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (isReady) return;
      output += chunk.toString();
      if (readyPattern.test(output)) {
        isReady = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!isReady) reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const slug = (db: Database) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.slug, COMPANY_SLUG));

/**
 * Removes what an earlier run left on a PostgreSQL server (orders are not deleted with their
 * company): the orders, their events, transactions, VM requests, mails and jobs, then the company.
 */
async function removeCompletionCompany(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const [company] = await slug(db);
  if (!company) return;
  const orderIds = (
    await db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, company.id))
  ).map((row) => String(row.id));
  if (orderIds.length) {
    for (const table of ['job', 'archive']) {
      await handle.executeSql(
        `delete from ${JOB_SCHEMA}.${table} where name = any($1) and data->>'orderId' = any($2)`,
        [
          [
            QUEUES.vmRequest,
            QUEUES.purchaseConfirmation,
            QUEUES.orderExpiry,
            QUEUES.paymentConfirmation,
          ],
          orderIds,
        ],
      );
    }
  }
  await db.delete(orderEvents).where(eq(orderEvents.companyId, company.id));
  await db.delete(paymentTransactions).where(eq(paymentTransactions.companyId, company.id));
  await db.delete(vmRequests).where(eq(vmRequests.companyId, company.id));
  await db.delete(orders).where(eq(orders.companyId, company.id));
  await db.delete(mailOutbox).where(eq(mailOutbox.companyId, company.id));
  await db.delete(companies).where(eq(companies.id, company.id));
}

type Buyer = {
  companyId: number;
  customerId: number;
  /** The access cookie of the customer's live session. */
  cookie: string;
  productId: number;
  regionId: number;
};

/**
 * A company on `origin` selling one product through the built-in Sandbox only, and a customer of
 * it with a live session: what a customer has after signing up and logging in.
 */
async function seedCompletionCompany(db: Database, config: Config, origin: string): Promise<Buyer> {
  const [company] = await db
    .insert(companies)
    .values({
      slug: COMPANY_SLUG,
      name: 'Completion Bench Cloud',
      portalUrl: origin,
      contactNumber: '+27 10 555 0101',
      country: 'South Africa',
      email: 'hello@completion.bench.example',
      officeAddress: '2 Benchmark Road',
      city: 'Johannesburg',
    })
    .returning({ id: companies.id });
  const companyId = company!.id;
  await db.insert(companyDomains).values({ companyId, origin });
  await writeDemoCatalogue(db, companyId, {
    operatingSystems: ['Ubuntu'],
    regions: [{ name: 'Johannesburg', country: 'ZA' }],
    ipTypes: ['Private IP'],
    timePeriodDays: [30],
    products: [
      product({
        name: 'Ubuntu Bench',
        os: 'Ubuntu',
        specifications: lines([2, 1, 16, 1, 4500], [40, 20, 500, 10, 120], [1, 1, 6, 1, 6000]),
        paymentGateways: [SANDBOX_GATEWAY],
      }),
    ],
  });
  await saveGatewaySettings(db, config.credentialsKey!, companyId, SANDBOX_GATEWAY, {
    isTest: true,
    credentials: { secret: randomToken() },
  });
  const [buyer] = await db
    .insert(customers)
    .values({
      companyId,
      email: BUYER_EMAIL,
      passwordHash: await hashPassword(randomToken()),
      firstName: 'Bench',
      lastName: 'Buyer',
      dialCode: '+27',
      mobileNumber: '821234567',
      address: '2 Benchmark Road',
      city: 'Johannesburg',
      state: 'Gauteng',
      postalCode: '2000',
      region: 'South Africa',
      isEmailVerified: true,
    })
    .returning();
  const tokens = await startSession(db, config.sessionSecret!, buyer!);
  const [offered] = await db
    .select({ id: vmProducts.id, regionId: vmProducts.regionId })
    .from(vmProducts)
    .where(eq(vmProducts.companyId, companyId));
  return {
    companyId,
    customerId: buyer!.id,
    cookie: `${ACCESS_COOKIE}=${tokens.accessToken}`,
    productId: offered!.id,
    regionId: offered!.regionId!,
  };
}

/**
 * The pending orders: the first made by CreateOrder's own service (priced by the server from the
 * catalogue, its expiry job queued beside it), the others written as copies of it under references
 * of their own, before the portal starts, so the run measures the notifications alone.
 */
async function createOrders(
  handle: DatabaseHandle,
  config: Config,
  origin: string,
  buyer: Buyer,
  count: number,
): Promise<string[]> {
  const jobs = await startJobQueue(handle, (error) => console.error('job queue:', error.message));
  let first: typeof orders.$inferSelect;
  try {
    const configuration = { memory: 2, disk: 40, processor: 1 };
    const days = 30;
    const { quote } = await quoteProductConfiguration(
      handle.db,
      buyer.companyId,
      buyer.productId,
      configuration,
      days,
    );
    const created = await createNewPurchaseOrder(
      {
        db: handle.db,
        jobs,
        credentialsKey: config.credentialsKey!,
        gatewayHttp: createGatewayHttp(),
        orderExpiryMs: config.orderExpiryMs,
      },
      { companyId: buyer.companyId, customerId: buyer.customerId },
      ZCreateOrderRequest.parse({
        productID: buyer.productId,
        specification: Object.entries(configuration).map(([type, value]) => ({ type, value })),
        region: buyer.regionId,
        totalAmount: quote.totalPayable,
        timePeriod: days,
        paymentGateway: SANDBOX_GATEWAY,
        byPassflag: 0,
        microsoftLicense: 0,
      }),
      { origin, language: 'en' },
    );
    if (created.order.status !== 'pending' || created.start?.kind !== 'redirect')
      throw new Error(`CreateOrder made a ${created.order.status} order without the checkout`);
    first = created.order;
  } finally {
    await jobs.stop();
  }
  const { id: _id, reference: _reference, createdAt: _createdAt, ...columns } = first;
  const references = [first.reference];
  while (references.length < count) {
    const batch = Array.from({ length: Math.min(500, count - references.length) }, () => ({
      ...columns,
      reference: newOrderReference(),
    }));
    await handle.db.insert(orders).values(batch);
    references.push(...batch.map((row) => row.reference));
  }
  return references;
}

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

/** CPU seconds a process has used (Linux /proc), or null where that cannot be read. */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state, then utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}

/**
 * The notifications: the customer's "complete" choice, which the portal signs as the Sandbox's
 * notification and puts through the gateway's verification and the one settlement. Notification
 * i is copy i % copies of order i / copies, so an order's copies are in flight side by side.
 */
async function sendNotifications(
  portalUrl: string,
  origin: string,
  buyer: Buyer,
  created: { references: string[]; formTokens: string[] },
  copies: number,
) {
  const total = created.references.length * copies;
  let sent = 0;
  const started = performance.now();
  // autocannon answers at its next one-second sample after the last response: the run is timed
  // to the last response instead, or every figure would be rounded down to whole seconds.
  let lastResponseAt = started;
  const run = autocannon({
    url: portalUrl,
    connections: CONNECTIONS,
    amount: total,
    requests: [
      {
        setupRequest: (request) => {
          const index = Math.floor(sent++ / copies) % created.references.length;
          return {
            ...request,
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
        },
      },
    ],
  });
  (run as unknown as EventEmitter).on('response', () => {
    lastResponseAt = performance.now();
  });
  const result = await run;
  const seconds = (lastResponseAt - started) / 1000;
  const answers: Record<string, number> = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [
      status,
      stats?.count ?? 0,
    ]),
  );
  return { result, seconds, answers, total };
}

type Counted = { order_id: string; n: number };

/** Row by row: each order paid once, with one of everything its payment makes, and no more. */
async function checkExactlyOnce(
  handle: DatabaseHandle,
  references: string[],
): Promise<{ paid: number; problems: string[]; verified: number }> {
  const { db } = handle;
  const [company] = await slug(db);
  const rows = await db
    .select({ id: orders.id, reference: orders.reference, status: orders.status })
    .from(orders)
    .where(and(eq(orders.companyId, company!.id), inArray(orders.reference, references)));
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
    .where(eq(customers.companyId, company!.id))) {
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
    .where(and(eq(orderEvents.companyId, company!.id), eq(orderEvents.source, 'sandbox')))
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-completion-'));
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
    SESSION_SECRET: randomToken(),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
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
      await removeCompletionCompany(handle);
      buyer = await seedCompletionCompany(handle.db, config, origin);
      references = await createOrders(handle, config, origin, buyer, orderCount);
    } finally {
      await handle.close();
    }
    const bare = await startProcess(
      ['bench/bare-server.ts', String(barePort)],
      env,
      /listening \d+/,
    );
    children.push(bare);
    const portal = await startProcess(['apps/api/src/server.ts'], env, /is running at/);
    children.push(portal);

    // Opening the checkouts also warms the route up; the yardstick is measured just before.
    const formTokens = await openCheckouts(portalUrl, origin, buyer, references);
    const bareUrl = `http://127.0.0.1:${barePort}/hello`;
    await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 1 });
    const bareRun = await autocannon({
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
      if (handle.kind === 'postgres') await removeCompletionCompany(handle);
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
      bareRequestsPerSecond: bareRun.requests.average,
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
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describePaymentCompletion(result: PaymentCompletionResult): string[] {
  const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  const answeredFromOrder = result.notifications - result.verifiedNotifications - result.errors;
  const answers = Object.entries(result.answers)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return [
    `Payment completion (${result.database}; the Sandbox checkout's POST with the page's form token, ${CONNECTIONS} connections from the bench process):`,
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
