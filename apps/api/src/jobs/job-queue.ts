import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/** Durable background work on the portal's own database (pg-boss). */
export type JobQueue = {
  send: (queue: string, data: object, options?: PgBoss.SendOptions) => Promise<void>;
  work: <T extends object>(queue: string, handler: (data: T) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

export const JOB_SCHEMA = 'pgboss';

export async function startJobQueue(
  handle: DatabaseHandle,
  onError: (error: Error) => void,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: handle.executeSql },
    schema: JOB_SCHEMA,
    // The supervisor's archive/maintenance runs in every process; one a minute is plenty.
    maintenanceIntervalSeconds: 60,
  } as PgBoss.ConstructorOptions);
  boss.on('error', onError);
  await boss.start();
  const created = new Set<string>();

  const ensureQueue = async (queue: string) => {
    if (created.has(queue)) return;
    await boss.createQueue(queue);
    created.add(queue);
  };

  return {
    send: async (queue, data, options) => {
      await ensureQueue(queue);
      await boss.send(queue, data, options ?? {});
    },
    work: async (queue, handler) => {
      await ensureQueue(queue);
      await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
