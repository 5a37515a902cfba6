import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import { waitUntil } from '../../test/support/wait-until';
import {
  JOB_LISTENER_APPLICATION_NAME,
  JOB_SIGNAL_CHANNEL,
  jobsSentSignal,
  listenForSentJobs,
} from './job-signals';

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(() => dispose());

/** What a listener has heard so far. */
function recorder() {
  const heard: (string | null)[] = [];
  return {
    heard,
    onSent: (queue: string | null) => void heard.push(queue),
  };
}

it('hands on the queue of a signal sent outside a transaction, and of one at its commit only', async () => {
  const { heard, onSent } = recorder();
  const stop = await listenForSentJobs(database, onSent, { log: () => {} });
  try {
    const outside = jobsSentSignal(['mail-account', 'mail-deliver', 'mail-account']);
    await database.executeSql(outside.text, outside.values);
    await waitUntil(() => heard.includes('mail-account') && heard.includes('mail-deliver'));
    expect(heard.filter((queue) => queue === 'mail-account')).toHaveLength(1);

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${JOB_SIGNAL_CHANNEL}, ${'vm-request'})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).not.toContain('vm-request');
    });
    await waitUntil(() => heard.includes('vm-request'));
  } finally {
    await stop();
  }
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('says signals may be missed when its connection is lost, and hears again once it is back', async () => {
    const { heard, onSent } = recorder();
    const stop = await listenForSentJobs(database, onSent, { log: () => {}, reconnectFirstMs: 50 });
    try {
      await database.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [JOB_LISTENER_APPLICATION_NAME],
      );
      // Once when lost, once when listening again.
      await waitUntil(() => heard.filter((queue) => queue === null).length >= 2);
      const signal = jobsSentSignal(['order-expiry']);
      await database.executeSql(signal.text, signal.values);
      await waitUntil(() => heard.includes('order-expiry'));
    } finally {
      await stop();
    }
  });
});
