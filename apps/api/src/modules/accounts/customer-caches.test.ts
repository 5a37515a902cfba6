import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { companies } from '../../db/schema/company';
import { customers } from '../../db/schema/accounts';
import { virtualMachines } from '../../db/schema/virtual-machines';
import { startJobQueue } from '../../jobs/job-queue';
import { companyIdOf, insertVm } from '../../../test/support/lifecycle-fixtures';
import { signUpAndLogIn } from '../../../test/support/accounts';
import { createTestAppWithMail, MAIN_ORIGIN } from '../../../test/support/test-app';
import { waitUntil } from '../../../test/support/wait-until';
import {
  LISTENER_APPLICATION_NAME,
  startCacheSignals,
  type CacheSignals,
} from '../../cache/cache-signals';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let companyId: number;

const isPostgres = () => t.database.signalSource.kind === 'postgres';

async function logIn() {
  const customer = await signUpAndLogIn(t.app, t.smtp);
  const vm = await insertVm(t.database.db, {
    companyId,
    customerId: customer.id,
    endsAt: new Date(Date.now() + 30 * 86_400_000),
    name: 'cache-probe',
  });
  return { ...customer, vm };
}
type Customer = Awaited<ReturnType<typeof logIn>>;

const get = (app: FastifyInstance, customer: Customer, url: string) =>
  app.inject({ method: 'GET', url, headers: { origin: MAIN_ORIGIN }, cookies: customer.cookies });

async function listedVm(app: FastifyInstance, customer: Customer) {
  const response = await get(app, customer, '/api/vmAction/activeVMs?page=1');
  expect(response.statusCode).toBe(200);
  return (response.json().data.rows as { ID: number; vmName: string; isBlocked: number }[]).find(
    (row) => row.ID === customer.vm.id,
  )!;
}

const logOut = (app: FastifyInstance, customer: Customer) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { origin: MAIN_ORIGIN, ...customer.csrf },
    cookies: customer.cookies,
  });

/** Writes behind the caches' back: the table's change signal is off while `write` runs. */
async function writeUnsignalled(write: () => Promise<unknown>) {
  await t.database.executeSql(
    'alter table virtual_machines disable trigger virtual_machines_cache_signal',
  );
  try {
    await write();
  } finally {
    await t.database.executeSql(
      'alter table virtual_machines enable trigger virtual_machines_cache_signal',
    );
  }
}

const renameVm = (customer: Customer, name: string) =>
  t.database.db.update(virtualMachines).set({ name }).where(eq(virtualMachines.id, customer.vm.id));

beforeAll(async () => {
  t = await createTestAppWithMail();
  companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
});
afterAll(() => t.close());

describe('customer caches', () => {
  it('serve a kept answer until a write signals the customer, then read afresh', async () => {
    const customer = await logIn();
    expect((await listedVm(t.app, customer)).vmName).toBe('cache-probe');

    // Unsignalled, the change is not seen: the answer really comes from the cache.
    await writeUnsignalled(() => renameVm(customer, 'renamed quietly'));
    expect((await listedVm(t.app, customer)).vmName).toBe('cache-probe');

    // Any signalled write of the customer's rows drops it at once.
    await t.database.db
      .update(virtualMachines)
      .set({ isBlocked: true })
      .where(eq(virtualMachines.id, customer.vm.id));
    expect(await listedVm(t.app, customer)).toMatchObject({
      vmName: 'renamed quietly',
      isBlocked: 1,
    });
  });

  it("keep one customer's answers apart from another's", async () => {
    const first = await logIn();
    const second = await logIn();
    await listedVm(t.app, first);
    await listedVm(t.app, second);
    await renameVm(second, 'second renamed');
    expect((await listedVm(t.app, second)).vmName).toBe('second renamed');
    expect((await listedVm(t.app, first)).vmName).toBe('cache-probe');
    const firstPage = await get(t.app, first, '/api/vmAction/activeVMs?page=1');
    expect(firstPage.json().data.rows.map((row: { ID: number }) => row.ID)).toEqual([first.vm.id]);
  });

  it('refuse a session at once after its logout', async () => {
    const customer = await logIn();
    expect((await get(t.app, customer, '/api/profileSetting/userProfileInfo')).statusCode).toBe(
      200,
    );
    expect((await logOut(t.app, customer)).statusCode).toBe(200);
    expect((await get(t.app, customer, '/api/profileSetting/userProfileInfo')).statusCode).toBe(
      401,
    );
  });

  it("show the customer's own and the company's changes in the profile at once", async () => {
    const customer = await logIn();
    const profile = async () =>
      (await get(t.app, customer, '/api/profileSetting/userProfileInfo')).json().data;
    expect((await profile()).userDetails.city).toBe('Cape Town');
    await t.database.db
      .update(customers)
      .set({ city: 'Durban' })
      .where(eq(customers.id, customer.id));
    expect((await profile()).userDetails.city).toBe('Durban');

    expect((await profile()).meraki.runMerakiScript).toBe(0);
    await t.database.db
      .update(companies)
      .set({ networkScriptRunning: true })
      .where(eq(companies.id, companyId));
    try {
      expect((await profile()).meraki.runMerakiScript).toBe(1);
    } finally {
      await t.database.db
        .update(companies)
        .set({ networkScriptRunning: false })
        .where(eq(companies.id, companyId));
    }
  });
});

/** Another process of the same portal: its own pool, job queue, signals and caches. */
async function startSecondProcess() {
  if (t.database.signalSource.kind !== 'postgres') throw new Error('PostgreSQL only');
  const database = await openDatabase({ kind: 'postgres', url: t.database.signalSource.url });
  const jobs = await startJobQueue(database, () => {});
  // Slow to reconnect, so a test can write while it hears nothing.
  const signals = await startCacheSignals(database, { log: () => {}, reconnectFirstMs: 1_000 });
  const app = await buildApp({ config: t.config, db: database.db, jobs, cacheSignals: signals });
  return {
    app,
    signals,
    close: async () => {
      await app.close();
      await signals.stop();
      await jobs.stop();
      await database.close();
    },
  };
}

describe.runIf(process.env.DATABASE_URL)('customer caches on PostgreSQL', () => {
  let second: { app: FastifyInstance; signals: CacheSignals; close: () => Promise<void> };
  beforeAll(async () => {
    second = await startSecondProcess();
  });
  afterAll(() => second?.close());

  it('are dropped on every process by a write through any of them', async () => {
    expect(isPostgres()).toBe(true);
    const customer = await logIn();
    expect((await listedVm(second.app, customer)).isBlocked).toBe(0);
    // The provider blocks the machine (in the database); the next call on either process shows it.
    await t.database.db
      .update(virtualMachines)
      .set({ isBlocked: true })
      .where(eq(virtualMachines.id, customer.vm.id));
    expect((await listedVm(second.app, customer)).isBlocked).toBe(1);
    expect((await listedVm(t.app, customer)).isBlocked).toBe(1);
  });

  it('refuse a session on the other process at once after a logout', async () => {
    const customer = await logIn();
    for (let round = 0; round < 5; round += 1) {
      expect((await get(second.app, customer, '/api/virtualMachine/showSavedVM')).statusCode).toBe(
        200,
      );
    }
    expect((await logOut(t.app, customer)).statusCode).toBe(200);
    expect((await get(second.app, customer, '/api/virtualMachine/showSavedVM')).statusCode).toBe(
      401,
    );
  });

  it('serve nothing stale while a signal connection is lost, and resume once it is back', async () => {
    const customer = await logIn();
    await listedVm(second.app, customer);
    // The database ends the second process's listening connections (a restart, a failover).
    await dropListeners(t.database);
    await waitUntil(() => !second.signals.isListening(), 10_000);
    await renameVm(customer, 'renamed while deaf');
    expect((await listedVm(second.app, customer)).vmName).toBe('renamed while deaf');
    await writeUnsignalled(() => renameVm(customer, 'quietly while deaf'));
    expect((await listedVm(second.app, customer)).vmName).toBe('quietly while deaf');

    await waitUntil(() => second.signals.isListening(), 10_000);
    await renameVm(customer, 'renamed after');
    expect((await listedVm(second.app, customer)).vmName).toBe('renamed after');
    // Kept again: a quiet change is not seen until a signalled one.
    await writeUnsignalled(() => renameVm(customer, 'quiet'));
    expect((await listedVm(second.app, customer)).vmName).toBe('renamed after');
  });
});

async function dropListeners(database: DatabaseHandle): Promise<void> {
  await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
  );
}
