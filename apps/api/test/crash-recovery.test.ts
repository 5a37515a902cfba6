import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { openConfiguredDatabase } from '../src/db/open-configured-database';
import { vmProducts } from '../src/db/schema/catalogue';
import { mailOutbox } from '../src/db/schema/mail';
import { orders } from '../src/db/schema/orders';
import { virtualMachines } from '../src/db/schema/virtual-machines';
import { migrateAndSeedDemo } from '../src/seed/migrate-and-seed-demo';
import { JOB_SCHEMA } from '../src/jobs/job-queue';
import { QUEUES } from '../src/jobs/queues';
import { hmac } from '../src/lib/tokens';
import { loadCredentialsKey } from '../src/lib/credentials-key';
import { send } from './scale-out/http-client';
import {
  createThrowawayDatabase,
  startPortalProcess,
  waitFor,
  type PortalProcess,
} from './scale-out/portal-process';
import { companyIdOf, insertCustomer } from './support/lifecycle-fixtures';

// Issue 25, item 2 (ADR 025): a portal killed (kill -9) while it works a paid order's
// provisioning and receipt jobs leaves them active; the next process to start runs them again,
// within 60 s of being up, and the customer gets one running machine and one receipt mail.
// Runs on the embedded database (the same DATA_DIR restarted) and, with DATABASE_URL, on a
// throwaway PostgreSQL database.

const SITE = 'http://localhost:3000';
const SESSION_SECRET = randomBytes(24).toString('hex');
const LEASE_SECONDS = 3;
const BOUND_MS = 60_000;

const serverUrl = process.env.DATABASE_URL;
let dataDir: string;
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
let environment: Record<string, string>;
const started: PortalProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-crash-'));
  throwaway = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined;
  environment = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: throwaway?.url ?? '',
    ...(throwaway ? { CREDENTIALS_KEY: randomBytes(32).toString('hex') } : {}),
    SESSION_SECRET,
    SMTP_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    SIMULATOR_OPERATION_MS: '200',
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: SITE,
  };
}, 60_000);

afterAll(async () => {
  for (const portal of started) await portal.kill();
  await throwaway?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database as the portal sees it, opened by this test while no portal holds it. */
async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openConfiguredDatabase(loadConfig({ ...process.env, ...environment }));
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** A customer of the first demo company with a pending Sandbox order for a new machine. */
async function pendingOrder(handle: DatabaseHandle) {
  const config = loadConfig({ ...process.env, ...environment });
  await migrateAndSeedDemo(handle, config);
  config.credentialsKey = await loadCredentialsKey(handle.db, config);
  const db = handle.db;
  const companyId = await companyIdOf(db, SITE);
  const [product] = await db
    .select({ id: vmProducts.id })
    .from(vmProducts)
    .where(and(eq(vmProducts.companyId, companyId), eq(vmProducts.serviceType, 'Proxmox VE')));
  const { email, ...customer } = await insertCustomer(db, companyId, {
    email: `crash-${randomBytes(4).toString('hex')}@example.co.za`,
    lastName: 'Buyer',
  });
  const [order] = await db
    .insert(orders)
    .values({
      reference: `ord-${randomBytes(8).toString('hex')}`,
      companyId,
      customerId: customer.id,
      kind: 1,
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 126_000,
      discountMinor: 0,
      taxMinor: 18_900,
      totalMinor: 144_900,
      taxBasisPoints: 1_500,
      taxBasis: 'afterDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 144_900,
      productId: product!.id,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu 24.04',
      lines: [
        { name: 'Memory', count: 4, unit: 'GB', costMinor: 54_000, discountMinor: 0 },
        { name: 'Disk', count: 100, unit: 'GB', costMinor: 36_000, discountMinor: 0 },
        { name: 'Processor', count: 2, unit: 'vCPU', costMinor: 36_000, discountMinor: 0 },
      ],
      periodDays: 30,
      language: 'en',
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  return { order: order!, companyId, email };
}

type JobStates = Record<string, string[]>;

const orderJobStates = async (handle: DatabaseHandle, orderId: number): Promise<JobStates> => {
  const { rows } = await handle.executeSql(
    `select name, state from ${JOB_SCHEMA}.job
     where name = any($1::text[]) and (data->>'orderId')::int = $2 order by created_on`,
    [[QUEUES.vmRequest, QUEUES.purchaseConfirmation], orderId],
  );
  const states: JobStates = {};
  for (const row of rows as { name: string; state: string }[])
    (states[row.name] ??= []).push(row.state);
  return states;
};

it('a portal killed mid-provisioning: the next one provisions the VM and mails the receipt once, within 60 s', async () => {
  const { order, companyId, email } = await withDatabase(pendingOrder);

  // The receipt's file is a pipe nobody reads: the receipt job blocks writing it, as on a stuck
  // disk, so it is certainly active when the portal is killed.
  const receiptDir = path.join(dataDir, 'receipts', String(companyId));
  fs.mkdirSync(receiptDir, { recursive: true });
  const receipt = path.join(receiptDir, `receipt-${order.reference}.pdf`);
  execFileSync('mkfifo', [receipt]);

  // On PostgreSQL the provisioning job is held too: a row this test inserts, uncommitted, for
  // the order's machine makes the job's own insert wait for it.
  let blocker: pg.Client | undefined;
  if (throwaway) {
    blocker = new pg.Client({ connectionString: throwaway.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query(
      `insert into virtual_machines (company_id, customer_id, order_id, name, operating_system,
         service_type, driver, ram_gb, vcpus, disk_gb, period_days)
       values ($1, $2, $3, 'blocker', 'Ubuntu 24.04', '', '', 4, 2, 100, 30)`,
      [companyId, order.customerId, order.id],
    );
  }

  const first = await startPortalProcess('first', environment);
  started.push(first);
  const paid = await send(first, `/api/payments/sandbox/${order.reference}`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      outcome: 'complete',
      token: hmac(SESSION_SECRET, `sandbox-checkout:${order.reference}`),
    }).toString(),
  });
  expect(paid.status, paid.text()).toBe(303);

  if (throwaway) {
    const watcher = new pg.Client({ connectionString: throwaway.url });
    await watcher.connect();
    try {
      await waitFor(
        'both jobs active',
        async () => {
          const { rows } = await watcher.query(
            `select count(*)::int as active from ${JOB_SCHEMA}.job where state = 'active'
             and name = any($1::text[]) and (data->>'orderId')::int = $2`,
            [[QUEUES.vmRequest, QUEUES.purchaseConfirmation], order.id],
          );
          return rows[0].active === 2 ? true : undefined;
        },
        10_000,
      );
      // Held past several lease renewals: the lease, not the start, decides.
      await delay(LEASE_SECONDS * 500);
    } finally {
      await watcher.end();
    }
  } else {
    // The embedded database cannot be looked at while the portal holds it. The receipt job blocks
    // for ever once it starts (within milliseconds of the payment): waiting longer only makes it
    // surer, and what the portal left is checked below.
    await delay(3_000);
  }
  await first.kill();
  await blocker?.query('rollback');
  await blocker?.end();
  fs.unlinkSync(receipt);

  // What the killed portal left: the jobs active, the order paid, no receipt mail, no machine.
  const left = await withDatabase(async (handle) => ({
    jobs: await orderJobStates(handle, order.id),
    status: (await handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status,
    mails: await handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
  }));
  expect(left.status).toBe('paid');
  expect(left.jobs[QUEUES.purchaseConfirmation]).toEqual(['active']);
  if (throwaway) expect(left.jobs[QUEUES.vmRequest]).toEqual(['active']);
  expect(left.mails).toEqual([]);

  const second = await startPortalProcess('second', environment);
  started.push(second);
  const upAt = Date.now();
  // Console mail (no SMTP_URL): one line a mail, written when it is delivered.
  const mailLines = () =>
    second
      .output()
      .split('\n')
      .filter((line) => line.startsWith(`[mail] to ${email}:`));
  await waitFor(
    'the receipt and the machine-ready mails',
    async () => (mailLines().length >= 2 ? true : undefined),
    BOUND_MS,
    200,
  );
  const waited = Date.now() - upAt;
  expect(waited).toBeLessThan(BOUND_MS);
  // Nothing more comes: a second run of either job would add a mail.
  await delay(1_000);
  await second.stop();

  const after = await withDatabase(async (handle) => ({
    jobs: await orderJobStates(handle, order.id),
    machines: await handle.db
      .select({ status: virtualMachines.status, uuid: virtualMachines.machineUuid })
      .from(virtualMachines)
      .where(eq(virtualMachines.orderId, order.id)),
    mails: await handle.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(mailOutbox.kind),
  }));
  expect(after.machines).toHaveLength(1);
  expect(after.machines[0]!.status).toBe('running');
  expect(after.mails.map((mail) => mail.kind.replace(order.reference, 'REF'))).toEqual([
    'purchase-confirmation-REF',
    'vm-ready-REF',
  ]);
  expect(mailLines()).toHaveLength(2);
  expect(after.jobs[QUEUES.purchaseConfirmation]).toEqual(['completed']);
  expect(after.jobs[QUEUES.vmRequest]!.every((state) => state === 'completed')).toBe(true);
  expect(fs.statSync(receipt).isFile()).toBe(true);
}, 180_000);
