import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import {
  JOB_LISTENER_APPLICATION_NAME,
  JOB_SIGNAL_CHANNEL,
  jobSentSignal,
  listenForSentJobs,
} from './job-signals';

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(() => dispose());

/** What a listener has heard so far, and a way to wait for more. */
function recorder() {
  const heard: (string | null)[] = [];
  return {
    heard,
    onSent: (queue: string | null) => void heard.push(queue),
    waitFor: (predicate: () => boolean) => waitUntil(async () => predicate()),
  };
}

it('hands on the queue of a signal sent outside a transaction, and of one at its commit only', async () => {
  const { heard, onSent, waitFor } = recorder();
  const stop = await listenForSentJobs(database, onSent, { log: () => {} });
  try {
    const outside = jobSentSignal('mail-account');
    await database.executeSql(outside.text, outside.values);
    await waitFor(() => heard.includes('mail-account'));

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${JOB_SIGNAL_CHANNEL}, ${'vm-request'})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).not.toContain('vm-request');
    });
    await waitFor(() => heard.includes('vm-request'));
  } finally {
    await stop();
  }
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('says signals may be missed when its connection is lost, and hears again once it is back', async () => {
    const { heard, onSent, waitFor } = recorder();
    const stop = await listenForSentJobs(database, onSent, { log: () => {}, reconnectFirstMs: 50 });
    try {
      await database.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [JOB_LISTENER_APPLICATION_NAME],
      );
      // Once when lost, once when listening again.
      await waitFor(() => heard.filter((queue) => queue === null).length >= 2);
      const signal = jobSentSignal('order-expiry');
      await database.executeSql(signal.text, signal.values);
      await waitFor(() => heard.includes('order-expiry'));
    } finally {
      await stop();
    }
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
