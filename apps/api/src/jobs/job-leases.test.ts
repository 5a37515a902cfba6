import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createTestDatabase } from '../../test/support/test-app';
import { waitUntil } from '../../test/support/wait-until';
import { JOB_SCHEMA, startJobQueue, type JobQueue } from './job-queue';
import { QUEUES, type QueueName } from './queues';

// ADR 025: a job held by a process that died runs again within the lease, a live one never twice.
// Short leases keep this file fast; the server's default is DEFAULT_JOB_LEASE_SECONDS.
const LEASE_SECONDS = 2;

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
});
afterAll(() => dispose());

const start = (handle: DatabaseHandle = database) =>
  startJobQueue(handle, () => {}, { leaseSeconds: LEASE_SECONDS });

/** Counts the runs of every job of `queue` by its data's `id`, and holds them `holdMs` each. */
function countRuns(jobs: JobQueue, queue: QueueName, holdMs = 0) {
  const runs = new Map<string, number>();
  const started = jobs.work<{ id: string }>(queue, { batchSize: 5 }, async (batch) => {
    for (const job of batch) runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    return batch.map(() => undefined);
  });
  return { started, runsOf: (id: string) => runs.get(id) ?? 0 };
}

const jobState = async (id: string) => {
  const { rows } = await database.executeSql(
    `select state, retry_count as "retryCount" from ${JOB_SCHEMA}.job where data->>'id' = $1`,
    [id],
  );
  return rows as { state: string; retryCount: number }[];
};

const CUSTOMER_QUEUES = Object.values(QUEUES);

it('every queue: a job left active by a dead process runs again once, at once, when a process starts', async () => {
  // What a process killed mid-job leaves: each queue's job active, started a while ago, with a
  // lease (PostgreSQL) its dead holder renewed until it died.
  const sender = await start();
  await sender.sendMany(CUSTOMER_QUEUES.map((queue) => ({ queue, data: { id: `dead-${queue}` } })));
  await sender.stop();
  const { rows } = await database.executeSql(
    `update ${JOB_SCHEMA}.job set state = 'active', started_on = now() - interval '1 hour'
     where data->>'id' like 'dead-%' returning id`,
  );
  expect(rows).toHaveLength(CUSTOMER_QUEUES.length);
  if (database.kind === 'postgres') {
    await database.executeSql(
      `insert into job_leases (job_id, lease_until)
       select unnest($1::uuid[]), now() - interval '1 second'`,
      [(rows as { id: string }[]).map((row) => row.id)],
    );
  }

  const startedAt = Date.now();
  const restarted = await start();
  try {
    const counters = CUSTOMER_QUEUES.map((queue) => ({ queue, ...countRuns(restarted, queue) }));
    await Promise.all(counters.map((counter) => counter.started));
    await waitUntil(
      () => counters.every(({ queue, runsOf }) => runsOf(`dead-${queue}`) > 0),
      10_000,
    );
    // Put back by the start itself, not by pg-boss's 15-minute expiry.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000));
    for (const { queue, runsOf } of counters) {
      expect(runsOf(`dead-${queue}`), queue).toBe(1);
      expect(await jobState(`dead-${queue}`), queue).toEqual([
        { state: 'completed', retryCount: 1 },
      ]);
    }
  } finally {
    await restarted.stop();
  }
});

it('a job held by a live process longer than the lease runs once, however many processes look', async () => {
  const holder = await start();
  const other = await start();
  try {
    const held = countRuns(holder, QUEUES.vmRequest, LEASE_SECONDS * 3 * 1000);
    const watched = countRuns(other, QUEUES.vmRequest);
    await Promise.all([held.started, watched.started]);
    await holder.send(QUEUES.vmRequest, { id: 'alive' });
    holder.wake(QUEUES.vmRequest);
    await waitUntil(() => held.runsOf('alive') + watched.runsOf('alive') > 0, 5_000);
    const worker = held.runsOf('alive') > 0 ? held : watched;
    await waitUntil(async () => (await jobState('alive'))[0]?.state === 'completed', 15_000);
    expect(held.runsOf('alive') + watched.runsOf('alive')).toBe(1);
    expect(worker.runsOf('alive')).toBe(1);
    expect(await jobState('alive')).toEqual([{ state: 'completed', retryCount: 0 }]);
  } finally {
    await other.stop();
    await holder.stop();
  }
});

it.runIf(process.env.DATABASE_URL)(
  'PostgreSQL: a job whose holder stops renewing runs again in another process within the lease',
  async () => {
    // The holder "dies": from now on none of its statements reach the database, as after kill -9.
    let dead = false;
    const mortal: DatabaseHandle = {
      ...database,
      executeSql: (text, values) =>
        dead ? Promise.reject(new Error('process gone')) : database.executeSql(text, values),
    };
    const holder = await startJobQueue(mortal, () => {}, { leaseSeconds: LEASE_SECONDS });
    const survivor = await start();
    let release = () => {};
    try {
      let takenAt = 0;
      const hung = holder.work<{ id: string }>(
        QUEUES.purchaseConfirmation,
        { batchSize: 1 },
        () => {
          takenAt = Date.now();
          // Answers only when the test ends: the process died holding it.
          return new Promise((resolve) => (release = () => resolve([undefined])));
        },
      );
      await hung;
      await holder.send(QUEUES.purchaseConfirmation, { id: 'orphan' });
      holder.wake(QUEUES.purchaseConfirmation);
      await waitUntil(() => takenAt > 0, 5_000);
      // Held past several renewals before it dies: the lease, not the start, is what lapses.
      await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1500));
      dead = true;
      const diedAt = Date.now();

      const rerun = countRuns(survivor, QUEUES.purchaseConfirmation);
      await rerun.started;
      await waitUntil(() => rerun.runsOf('orphan') > 0, 10_000);
      const waited = Date.now() - diedAt;
      // The lease lapses at most LEASE_SECONDS after its last renewal; the survivor looks every
      // sixth of that.
      expect(waited).toBeLessThan(LEASE_SECONDS * 1000 * 1.5 + 1_000);
      expect(waited).toBeGreaterThan(LEASE_SECONDS * 1000 * (5 / 6) - 500);
      await waitUntil(async () => (await jobState('orphan'))[0]?.state === 'completed', 5_000);
      expect(rerun.runsOf('orphan')).toBe(1);
    } finally {
      await survivor.stop();
      // Let the old holder finish quietly: its completion finds the job no longer its own.
      dead = false;
      release();
      await holder.stop();
    }
  },
);
