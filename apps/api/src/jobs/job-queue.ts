import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client';
import { startJobLeases } from './job-leases';
import { jobsSentSignal, listenForSentJobs } from './job-signals';
import { QUEUES, type QueueName } from './queues';

export type SendJobOptions = PgBoss.SendOptions & {
  /** Write the job in this Drizzle transaction: it exists if, and only if, the transaction commits. */
  transaction?: Database;
};

export type WorkOptions = {
  /** Jobs fetched at once and run side by side; a full batch fetches the next one at once. */
  batchSize: number;
};

/**
 * Works one batch of jobs: answers, for each job in order, the error it failed with (pg-boss
 * retries that job) or undefined.
 */
export type BatchHandler<T> = (batch: T[]) => Promise<(Error | undefined)[]>;

/** Durable background work on the portal's own database (pg-boss). */
export type JobQueue = {
  send: (queue: QueueName, data: object, options?: SendJobOptions) => Promise<void>;
  /** Several jobs, of any queues, in one statement (inside `transaction` when given). */
  sendMany: (
    jobs: {
      queue: QueueName;
      data: object;
      retryLimit?: number;
      retryDelay?: number;
      retryBackoff?: boolean;
    }[],
    transaction?: Database,
  ) => Promise<void>;
  work: <T extends object>(
    queue: QueueName,
    options: WorkOptions,
    handler: BatchHandler<T>,
  ) => Promise<void>;
  /**
   * Wakes this process's workers of `queue` now instead of at their next poll. A job sent through
   * `send` or `sendMany` does this in every process once it is committed (job-signals.ts).
   */
  wake: (queue: QueueName) => void;
  stop: () => Promise<void>;
};

/** Recurring jobs, for the process that starts the portal (tests leave them out). */
export type JobScheduler = {
  /**
   * Sends a job to `queue` on a cron schedule (UTC). pg-boss keeps one schedule per queue in the
   * database and sends at most one job per minute slot however many processes run it.
   */
  schedule: (queue: QueueName, cron: string, data?: object) => Promise<void>;
};

export const JOB_SCHEMA = 'pgboss';
/**
 * How often an idle worker asks for jobs. A job that is sent wakes the workers of its queue in
 * every process at once (its commit signals them), so the poll only finds what no send announces
 * when it becomes due: a job whose `startAfter` or retry time has come, one of a schedule, one
 * whose signal was lost with a connection. Each poll is a statement per queue; at pg-boss's
 * shortest, 0.5 s, nine queues cost an idle embedded portal about 3 % of a core.
 */
export const POLLING_INTERVAL_SECONDS = 2;

/** How long a job signal waits for others to the same queue before it wakes the workers. */
const WAKE_COALESCE_MS = 20;

type JobQueueOptions = {
  /** How long a job stays its process's after its last sign of life (job-leases.ts, ADR 025). */
  leaseSeconds?: number;
};

export async function startJobQueue(
  handle: DatabaseHandle,
  onError: (error: Error) => void,
  { leaseSeconds }: JobQueueOptions = {},
): Promise<JobQueue & JobScheduler> {
  const inFlight = new InFlight();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        inFlight.track(handle.executeSql(text, values)),
    },
    schema: JOB_SCHEMA,
    // The supervisor's archive/maintenance runs in every process; one a minute is plenty.
    maintenanceIntervalSeconds: 60,
  } as PgBoss.ConstructorOptions);
  boss.on('error', onError);
  await boss.start();
  // Created up front: a send inside a transaction must not need a statement outside it (the
  // embedded database runs one transaction at a time, so that would wait for ever).
  for (const queue of Object.values(QUEUES)) await boss.createQueue(queue);
  const workerIds = new Map<QueueName, string[]>();

  const wake = (queue: QueueName) => {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  };
  // Signals that arrive together wake a queue's workers once: under a stream of sends an idle
  // worker fetches a batch every WAKE_COALESCE_MS, not one job per commit.
  const pendingWakes = new Map<QueueName, NodeJS.Timeout>();
  const wakeSoon = (queue: QueueName) => {
    if (pendingWakes.has(queue)) return;
    const timer = setTimeout(() => {
      pendingWakes.delete(queue);
      wake(queue);
    }, WAKE_COALESCE_MS);
    timer.unref();
    pendingWakes.set(queue, timer);
  };
  const stopListening = await listenForSentJobs(handle, (queue) => {
    if (queue === null) for (const name of workerIds.keys()) wakeSoon(name);
    else if (workerIds.has(queue as QueueName)) wakeSoon(queue as QueueName);
  });
  /** Announces, at the commit of `transaction` (or at once), jobs sent to `queues`. */
  const signalSent = async (queues: QueueName[], transaction?: Database) => {
    const { text, values } = jobsSentSignal(queues);
    await (transaction ? transactionSql(transaction) : handle).executeSql(text, values);
  };
  // Jobs whose process died run again (at once on the embedded database, once their lease has
  // lapsed on PostgreSQL), before this process's workers first fetch.
  const leases = await startJobLeases(handle, JOB_SCHEMA, {
    leaseSeconds,
    onRecovered: (queues) => signalSent(queues as QueueName[]),
    onError,
  });

  return {
    send: async (queue, data, { transaction, ...options } = {}) => {
      await boss.send(queue, data, {
        ...options,
        ...(transaction ? { db: transactionSql(transaction) } : {}),
      });
      await signalSent([queue], transaction);
    },
    sendMany: async (jobs, transaction) => {
      await boss.insert(
        jobs.map(({ queue, ...job }) => ({ name: queue, ...job })),
        transaction ? { db: transactionSql(transaction) } : {},
      );
      await signalSent(
        jobs.map((job) => job.queue),
        transaction,
      );
    },
    work: async (queue, { batchSize }, handler) => {
      // Known once `work` answers, which is before the first batch can arrive.
      const worker = { id: '' };
      worker.id = await boss.work<object>(
        queue,
        { batchSize, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
        async (jobs) => {
          const ids = jobs.map((job) => job.id);
          leases.hold(ids);
          const errors = await inFlight
            .track(handler(jobs.map((job) => job.data as never)))
            .finally(() => leases.release(ids));
          // pg-boss completes or fails a batch as one: fail the jobs that failed here, and it
          // then completes the rest (only jobs still active are completed).
          await Promise.all(
            errors.map((error, index) =>
              error
                ? boss.fail(queue, jobs[index]!.id, { message: errorMessage(error) })
                : undefined,
            ),
          );
          // A full batch means more are waiting: fetch again now rather than after the poll.
          if (jobs.length === batchSize && worker.id) boss.notifyWorker(worker.id);
        },
      );
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), worker.id]);
    },
    schedule: async (queue, cron, data = {}) => {
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    wake,
    stop: async () => {
      await stopListening();
      for (const timer of pendingWakes.values()) clearTimeout(timer);
      pendingWakes.clear();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // pg-boss's stop answers once no worker holds jobs, but a fetch already sent can still
      // bring a batch, and it completes batches without awaiting: wait for both, so the caller
      // may close the database once this answers.
      await inFlight.settled(STOP_TIMEOUT_MS);
      // Renewed until here: a job still under way when the timeout gave up runs again elsewhere
      // once its lease lapses.
      leases.stop();
    },
  };
}

const STOP_TIMEOUT_MS = 10_000;

/** Counts the statements and batches under way, to know when the queue has gone quiet. */
class InFlight {
  private count = 0;

  track<T>(work: Promise<T>): Promise<T> {
    this.count += 1;
    return work.finally(() => {
      this.count -= 1;
    });
  }

  /** Answers once nothing has been under way across a turn of the event loop, or at `timeoutMs`. */
  async settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      // A batch starts, and a completion is sent, in the microtasks after the statement before
      // them answers: quiet across a macrotask means nothing more follows.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.count === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** A batch handler that runs `handle` for every job side by side; a failure fails that job only. */
export function eachJob<T>(handle: (data: T) => Promise<void>): BatchHandler<T> {
  return async (batch) =>
    (await Promise.allSettled(batch.map(handle))).map((result) =>
      result.status === 'rejected' ? asError(result.reason) : undefined,
    );
}

export const asError = (reason: unknown): Error =>
  reason instanceof Error ? reason : new Error(String(reason));

const errorMessage = (error: Error) => error.message.slice(0, 1000);

/**
 * pg-boss's SQL on the connection of a Drizzle transaction (node-postgres' pooled client, or
 * PGlite's transaction), so its statements keep their own parameter numbering and types.
 */
function transactionSql(transaction: Database): PgBoss.Db {
  const client = (
    transaction._.session as unknown as {
      client?: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };
    }
  ).client;
  if (!client || typeof client.query !== 'function')
    throw new Error('A job can only join a transaction of the node-postgres or PGlite driver');
  return { executeSql: (text, values) => client.query(text, values) };
}
