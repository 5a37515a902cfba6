// `npm run bench`: issue 12's targets and the earlier ones, each printed with PASS/FAIL. This
// process only orchestrates: the portal, the bare Fastify route and the load generator each run in
// a process of their own, and the portal writes its log to a file. bench/README.md describes every
// step; `--only <step>[,<step>]` (or BENCH_ONLY) runs some of them.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { loadConfig, type Config } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { customers } from '../apps/api/src/db/schema/accounts';
import { vmProducts } from '../apps/api/src/db/schema/catalogue';
import { companyDomains } from '../apps/api/src/db/schema/company';
import { prepareDatabase } from '../apps/api/src/seed/migrate-and-seed-demo';
import { seedDemoCompanies } from '../apps/api/src/seed/seed';
import { randomToken } from '../apps/api/src/lib/tokens';
import { seedBenchCompany } from './bench-company';
import {
  describeCompanyCalls,
  measureCompanyCalls,
  writeCompanyCallPayloads,
  type CompanyCallsResult,
} from './company-calls';
import {
  CUSTOMER_COMPANY_SLUG,
  describeCustomerCalls,
  measureCustomerCalls,
  seedBenchCustomer,
  type BenchCustomer,
  type CustomerCallsResult,
} from './customer-calls';
import {
  customerCookie,
  describeHomeJavaScript,
  describeLighthouse,
  issuePages,
  measureHomeJavaScript,
  measureLighthouse,
  type HomeJavaScriptResult,
  type LighthouseResult,
} from './lighthouse';
import { describeMachines, measureMachines } from './machines';
import { describeMailDelivery, measureMailDelivery } from './mail-delivery';
import {
  describeMarketplaceFilters,
  measureMarketplaceFilters,
  type MarketplaceResult,
} from './marketplace-filters';
import { describePaymentCompletion, measurePaymentCompletion } from './payment-completion';
import {
  accessCookieFor,
  addBenchBuyer,
  removeBenchCompany,
  type Buyer,
} from './support/bench-buyer';
import { BENCH_SECRETS } from './support/bench-secrets';
import { freePort, startProcess, stopProcess } from './support/processes';
import { ROUND_SECONDS, ROUNDS } from './support/rounds';
import {
  TICKETS_COMPANY_SLUG,
  describeDeskQueue,
  describeTicketCalls,
  measureDeskQueue,
  measureTicketCalls,
  seedBenchTickets,
  type BenchTickets,
  type DeskQueueResult,
  type TicketCallsResult,
} from './ticket-calls';

const root = path.resolve(import.meta.dirname, '..');
const STEPS = [
  'company',
  'customer',
  'tickets',
  'marketplace',
  'frontend',
  'mail',
  'completion',
  'machines',
] as const;
type Step = (typeof STEPS)[number];
/** The steps measured on one portal, in this order, while it runs. */
const PORTAL_STEPS: Step[] = ['company', 'customer', 'tickets', 'marketplace', 'frontend'];
const BENCH_PRODUCTS = 10_000;
const CATALOGUE_SLUG = 'bench';

function chosenSteps(): Step[] {
  const argument = process.argv.findIndex((value) => value === '--only');
  const inline = process.argv.find((value) => value.startsWith('--only='));
  const only =
    inline?.slice('--only='.length) ??
    (argument >= 0 ? process.argv[argument + 1] : undefined) ??
    process.env.BENCH_ONLY;
  if (!only) return [...STEPS];
  const asked = only.split(',').map((value) => value.trim());
  const unknown = asked.filter((value) => !STEPS.includes(value as Step));
  if (unknown.length)
    throw new Error(`unknown step ${unknown.join(', ')}; the steps are ${STEPS.join(', ')}`);
  return STEPS.filter((step) => asked.includes(step));
}

/** Which engine, and for PostgreSQL where (never its credentials). */
function describeDatabase(): string {
  const url = process.env.DATABASE_URL;
  if (!url) return 'embedded PGlite';
  const parsed = new URL(url);
  return `PostgreSQL (${parsed.hostname}:${parsed.port || 5432}${parsed.pathname})`;
}

const failures: string[] = [];
const print = (lines: string[]) => console.log(['', ...lines].join('\n'));
const fail = (what: string) => void failures.push(what);

/** Runs a step; one that throws is printed as a FAIL and the others still run. */
async function attempt(what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    print([`${what}: FAIL, the step stopped: ${message.slice(0, 1000)}`]);
    fail(what);
  }
}

async function withDatabase<T>(config: Config, use: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await openConfiguredDatabase(config);
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

type PortalResults = {
  companyCalls?: CompanyCallsResult;
  customerCalls?: CustomerCallsResult;
  ticketCalls?: TicketCallsResult;
  deskQueue?: DeskQueueResult;
  marketplace?: MarketplaceResult;
  homeJavaScript?: HomeJavaScriptResult;
  lighthouse?: LighthouseResult;
};

/**
 * The steps measured on one portal: its database seeded here first (the 10,000-product company,
 * the customer with 1,000 VMs, a customer of the first demo company for Lighthouse), then the
 * portal and the bare route started, each step printed as it ends. On PostgreSQL what was written
 * is removed afterwards.
 */
async function runPortalSteps(steps: Step[]): Promise<PortalResults> {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-'));
  const logDir = path.join(runDir, 'logs');
  const [portalPort, barePort] = [await freePort(), await freePort()];
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const catalogueOrigin = `http://bench.localhost:${portalPort}`;
  const customerOrigin = `http://customers.localhost:${portalPort}`;
  const ticketsOrigin = `http://tickets.localhost:${portalPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}/hello`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(portalPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: portalUrl,
    DATA_DIR: path.join(runDir, 'data'),
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Mails (none are expected) are kept in the outbox and printed to the log, never sent.
    SMTP_URL: '',
    ...BENCH_SECRETS,
  };
  const config = loadConfig(env);
  const secret = config.sessionSecret!;
  const children: ChildProcess[] = [];
  const results: PortalResults = {};
  let customer: BenchCustomer | undefined;
  let ticketsCustomer: BenchTickets | undefined;
  let lighthouseBuyer: Buyer | undefined;
  let addedOrigins: string[] = [];
  try {
    const seeded = await withDatabase(config, async (handle) => {
      await prepareDatabase(handle);
      const originsBefore = new Set(
        (await handle.db.select({ origin: companyDomains.origin }).from(companyDomains)).map(
          (row) => row.origin,
        ),
      );
      await seedDemoCompanies(handle.db, config);
      addedOrigins = (
        await handle.db.select({ origin: companyDomains.origin }).from(companyDomains)
      )
        .map((row) => row.origin)
        .filter((origin) => !originsBefore.has(origin));
      const started = performance.now();
      if (steps.includes('company') || steps.includes('marketplace'))
        await seedBenchCompany(handle.db, {
          origin: catalogueOrigin,
          productCount: BENCH_PRODUCTS,
        });
      const seededCustomer = steps.includes('customer')
        ? await seedBenchCustomer(handle, config, customerOrigin)
        : undefined;
      let seededTickets: BenchTickets | undefined;
      if (steps.includes('tickets')) {
        seededTickets = await seedBenchTickets(handle, config, ticketsOrigin);
        const tickets = seededTickets;
        // Before the portal holds the database: the desk's route needs staff sign-in.
        await attempt('desk queue', async () => {
          const desk = await measureDeskQueue(handle, tickets, ROUND_SECONDS);
          results.deskQueue = desk;
          print(describeDeskQueue(desk, tickets.tickets));
          if (!desk.passed) fail('desk queue');
        });
      }
      let seededLighthouseBuyer: Buyer | undefined;
      if (steps.includes('frontend')) {
        const [domain] = await handle.db
          .select({ companyId: companyDomains.companyId })
          .from(companyDomains)
          .where(eq(companyDomains.origin, portalUrl));
        const [product] = await handle.db
          .select({ id: vmProducts.id, regionId: vmProducts.regionId })
          .from(vmProducts)
          .where(eq(vmProducts.companyId, domain!.companyId))
          .orderBy(vmProducts.id)
          .limit(1);
        seededLighthouseBuyer = await addBenchBuyer(handle.db, config, {
          companyId: domain!.companyId,
          productId: product!.id,
          regionId: product!.regionId!,
          email: `lighthouse.${randomToken().slice(0, 8)}@bench.example`,
        });
      }
      return {
        customer: seededCustomer,
        tickets: seededTickets,
        lighthouseBuyer: seededLighthouseBuyer,
        seconds: (performance.now() - started) / 1000,
      };
    });
    customer = seeded.customer;
    ticketsCustomer = seeded.tickets;
    lighthouseBuyer = seeded.lighthouseBuyer;
    print([`Seeded the bench's data in ${seeded.seconds.toFixed(1)} s.`]);

    const portal = await startProcess(['apps/api/src/server.ts'], env, {
      logFile: path.join(logDir, 'portal.log'),
      readyUrl: `${portalUrl}/api/health`,
    });
    children.push(portal);
    const payloadsFile = path.join(runDir, 'payloads.json');
    if (steps.includes('company')) await writeCompanyCallPayloads(portalUrl, payloadsFile);
    else fs.writeFileSync(payloadsFile, '{}');
    const bare = await startProcess(['bench/bare-server.ts', String(barePort), payloadsFile], env, {
      logFile: path.join(logDir, 'bare.log'),
      readyUrl: bareUrl,
    });
    children.push(bare);
    const processes = { portalUrl, portalPid: portal.pid, bareUrl, barePid: bare.pid };

    if (steps.includes('company'))
      await attempt('public calls', async () => {
        const result = await measureCompanyCalls({
          ...processes,
          catalogueOrigin,
          catalogueProducts: BENCH_PRODUCTS,
        });
        results.companyCalls = result;
        print(describeCompanyCalls(result));
        if (!result.passed.companyCalls) fail('public company calls ratio');
        if (!result.passed.firstPage) fail('marketplace first page (10k)');
      });
    if (customer) {
      const bought = customer;
      await attempt('customer calls', async () => {
        const result = await measureCustomerCalls({
          ...processes,
          database,
          origin: customerOrigin,
          // Minted now: an access token lives 15 minutes.
          cookie: accessCookieFor(secret, bought),
          customer: bought,
        });
        results.customerCalls = result;
        print(describeCustomerCalls(result));
        if (!result.passed) fail('customer calls');
      });
    }
    if (ticketsCustomer) {
      const tickets = ticketsCustomer;
      await attempt('tickets tab', async () => {
        const result = await measureTicketCalls({
          ...processes,
          origin: ticketsOrigin,
          cookie: accessCookieFor(secret, tickets),
          tickets,
        });
        results.ticketCalls = result;
        print(describeTicketCalls(result, tickets));
        if (!result.passed) fail('tickets tab');
      });
    }
    if (steps.includes('marketplace'))
      await attempt('filtered marketplace pages', async () => {
        const result = await measureMarketplaceFilters({ ...processes, catalogueOrigin });
        results.marketplace = result;
        print(describeMarketplaceFilters(result));
        if (!result.passed) fail('filtered marketplace pages');
      });
    if (lighthouseBuyer) {
      const buyer = lighthouseBuyer;
      // The browser steps run on the idle portal, after the load.
      await attempt('/home JavaScript size', async () => {
        const home = await measureHomeJavaScript(`${portalUrl}/home`);
        results.homeJavaScript = home;
        print(describeHomeJavaScript(home));
        if (!home.passed) fail('/home JavaScript size');
      });
      await attempt('Lighthouse', async () => {
        const lighthouse = await measureLighthouse(
          portalUrl,
          issuePages(buyer.productId, () => customerCookie(secret, buyer)),
        );
        results.lighthouse = lighthouse;
        print(describeLighthouse(lighthouse));
        if (!lighthouse.passed) fail('Lighthouse');
      });
    }
  } finally {
    for (const child of children) await stopProcess(child);
    try {
      if (process.env.DATABASE_URL)
        await withDatabase(config, async (handle) => {
          await removeBenchCompany(handle, CATALOGUE_SLUG);
          await removeBenchCompany(handle, CUSTOMER_COMPANY_SLUG);
          await removeBenchCompany(handle, TICKETS_COMPANY_SLUG);
          if (lighthouseBuyer)
            await handle.db
              .delete(customers)
              .where(
                and(
                  eq(customers.companyId, lighthouseBuyer.companyId),
                  eq(customers.id, lighthouseBuyer.customerId),
                ),
              );
          // The demo companies stay (every portal writes them on its first start on an empty
          // database); the addresses this run gave them go.
          if (addedOrigins.length)
            await handle.db
              .delete(companyDomains)
              .where(inArray(companyDomains.origin, addedOrigins));
        });
    } finally {
      if (process.env.BENCH_KEEP_LOGS) console.log(`Logs kept in ${logDir}`);
      else fs.rmSync(runDir, { recursive: true, force: true });
    }
  }
  return results;
}

const steps = chosenSteps();
const startedAt = performance.now();
console.log(
  `Cloud Portal bench on ${describeDatabase()}: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ' ',
    )}; steps ${steps.join(', ')}; ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per measured route`,
);
const results: Record<string, unknown> = {
  at: new Date().toISOString(),
  database: describeDatabase(),
  steps,
};

const portalSteps = steps.filter((step) => PORTAL_STEPS.includes(step));
if (portalSteps.length)
  await attempt('the portal steps', async () => {
    Object.assign(results, await runPortalSteps(portalSteps));
  });
if (steps.includes('mail'))
  await attempt('mail delivery', async () => {
    const mailDelivery = await measureMailDelivery();
    results.mailDelivery = mailDelivery;
    print(describeMailDelivery(mailDelivery));
    if (!mailDelivery.passed.throughput) fail('mail delivery rate');
    if (!mailDelivery.passed.codeLatency) fail('login code behind bulk mail');
  });
if (steps.includes('completion'))
  await attempt('payment completion', async () => {
    const paymentCompletion = await measurePaymentCompletion();
    results.paymentCompletion = paymentCompletion;
    print(describePaymentCompletion(paymentCompletion));
    if (!paymentCompletion.passed.throughput) fail('payment completion rate');
    if (!paymentCompletion.passed.exactlyOnce) fail('payment completion exactly once');
  });
if (steps.includes('machines'))
  await attempt('machines', async () => {
    const machines = await measureMachines();
    results.machines = machines;
    print(describeMachines(machines));
    if (!machines.passed.provisioning) fail('provisioning: one VM per order');
  });

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const resultsFile =
  steps.length === STEPS.length ? 'latest.json' : `latest-${steps.join('-')}.json`;
fs.writeFileSync(path.join(root, 'bench/results', resultsFile), JSON.stringify(results, null, 2));
const minutes = (performance.now() - startedAt) / 60_000;
const ending = `${minutes.toFixed(1)} minutes; load average at the end ${os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' ')}`;
console.log(
  failures.length
    ? `\nMissed targets: ${failures.join(', ')} (${ending})`
    : `\nEvery target met (${ending}).`,
);
if (failures.length) process.exitCode = 1;
