import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateDatabase } from '../db/migrate';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import { waitUntil } from '../../test/support/wait-until';
import { JOB_SCHEMA, POLLING_INTERVAL_SECONDS, startJobQueue, type JobQueue } from './job-queue';
import { QUEUES, type QueueName } from './queues';

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
});
afterAll(() => dispose());

const statesOf = async (ids: string[]) => {
  const { rows } = await database.executeSql(
    `select data->>'id' as id, state from ${JOB_SCHEMA}.job where name = $1 order by data->>'id'`,
    [QUEUES.vmLifecycle],
  );
  return Object.fromEntries(
    (rows as { id: string; state: string }[])
      .filter((row) => ids.includes(row.id))
      .map((row) => [row.id, row.state]),
  );
};

it('stop answers only after the batch under way has finished and its outcome is written', async () => {
  const jobs = await startJobQueue(database, () => {});
  let started!: () => void;
  const batchStarted = new Promise<void>((resolve) => (started = resolve));
  let finishedAt = 0;
  await jobs.work<{ id: string }>(QUEUES.vmLifecycle, { batchSize: 2 }, async (batch) => {
    started();
    await new Promise((resolve) => setTimeout(resolve, 300));
    finishedAt = Date.now();
    return batch.map((job) => (job.id === 'b' ? new Error('hypervisor unreachable') : undefined));
  });
  await jobs.sendMany([
    { queue: QUEUES.vmLifecycle, data: { id: 'a' } },
    { queue: QUEUES.vmLifecycle, data: { id: 'b' }, retryLimit: 0 },
  ]);
  jobs.wake(QUEUES.vmLifecycle);
  await batchStarted;

  await jobs.stop();
  const stoppedAt = Date.now();

  expect(finishedAt).toBeGreaterThan(0);
  expect(stoppedAt).toBeGreaterThanOrEqual(finishedAt);
  // Both outcomes are in the table the moment stop answers: the database can close now.
  expect(await statesOf(['a', 'b'])).toEqual({ a: 'completed', b: 'failed' });
});

it('stop waits for a batch whose fetch was already on its way when stop began', async () => {
  let fetched!: () => void;
  const batchFetched = new Promise<void>((resolve) => (fetched = resolve));
  // The fetch that finds the job answers slowly, as on a busy database: stop begins while
  // pg-boss still counts no job under way.
  const slowFetches: DatabaseHandle = {
    ...database,
    executeSql: async (text, values) => {
      const result = await database.executeSql(text, values);
      if (/skip locked/i.test(text) && result.rows.length > 0) {
        fetched();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return result;
    },
  };
  const jobs = await startJobQueue(slowFetches, () => {});
  let handled = false;
  await jobs.work<{ id: string }>(QUEUES.vmLifecycle, { batchSize: 1 }, async (batch) => {
    handled = true;
    return batch.map(() => undefined);
  });
  await jobs.send(QUEUES.vmLifecycle, { id: 'c' });
  jobs.wake(QUEUES.vmLifecycle);
  await batchFetched;

  await jobs.stop();

  expect(handled).toBe(true);
  expect(await statesOf(['c'])).toEqual({ c: 'completed' });
});

/** Works `queue` on `jobs`; `arrivalOf(id)` answers when the job with that id was handed over. */
function arrivals(jobs: JobQueue, queue: QueueName) {
  const handedAt = new Map<string, number>();
  const started = jobs.work<{ id: string }>(queue, { batchSize: 5 }, async (batch) => {
    for (const job of batch) handedAt.set(job.id, Date.now());
    return batch.map(() => undefined);
  });
  const arrivalOf = async (id: string) => {
    await waitUntil(() => handedAt.has(id));
    return handedAt.get(id)!;
  };
  return { started, arrivalOf };
}

it('a job sent by another process is fetched at once, not at the next poll', async () => {
  const worker = await startJobQueue(database, () => {});
  const sender = await startJobQueue(database, () => {});
  try {
    const { started, arrivalOf } = arrivals(worker, QUEUES.orderExpiry);
    await started;
    // Past the worker's first fetch, so only a signal (or the next poll) can bring the job.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sentAt = Date.now();
    await sender.send(QUEUES.orderExpiry, { id: 'signalled' });
    const waited = (await arrivalOf('signalled')) - sentAt;
    expect(waited).toBeLessThan((POLLING_INTERVAL_SECONDS * 1000) / 2);
  } finally {
    await sender.stop();
    await worker.stop();
  }
});

it('a job sent inside a transaction wakes the workers when it commits, not before', async () => {
  const jobs = await startJobQueue(database, () => {});
  try {
    const { started, arrivalOf } = arrivals(jobs, QUEUES.paymentConfirmation);
    await started;
    await new Promise((resolve) => setTimeout(resolve, 200));
    let committedAt = 0;
    await database.db.transaction(async (tx) => {
      await jobs.send(QUEUES.paymentConfirmation, { id: 'committed' }, { transaction: tx });
      // A worker woken now would find nothing and sleep until its next poll.
      await new Promise((resolve) => setTimeout(resolve, 300));
      committedAt = Date.now();
    });
    const waited = (await arrivalOf('committed')) - committedAt;
    expect(waited).toBeLessThan((POLLING_INTERVAL_SECONDS * 1000) / 2);

    await database.db
      .transaction(async (tx) => {
        await jobs.send(QUEUES.paymentConfirmation, { id: 'rolled back' }, { transaction: tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const { rows } = await database.executeSql(
      `select count(*)::int as count from ${JOB_SCHEMA}.job where data->>'id' = 'rolled back'`,
    );
    expect(rows).toEqual([{ count: 0 }]);
  } finally {
    await jobs.stop();
  }
});
