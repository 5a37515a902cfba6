import type { DatabaseHandle } from '../db/client';
import { PostgresListeners } from '../db/postgres-listeners';

/** The channel on which a committed job names its queue (JobQueue's send and sendMany). */
export const JOB_SIGNAL_CHANNEL = 'portal_jobs';
/** How the listening connection shows in pg_stat_activity. */
export const JOB_LISTENER_APPLICATION_NAME = 'cloud-portal job signals';
const RECONNECT_FIRST_MS = 100;

/**
 * The one statement that tells every process, when the transaction it runs in commits, that jobs
 * were sent to `queues` (one signal a queue). Outside a transaction it is heard at once.
 */
export const jobsSentSignal = (queues: readonly string[]) => ({
  text: 'select pg_notify($1, queue) from unnest($2::text[]) as queue',
  values: [JOB_SIGNAL_CHANNEL, [...new Set(queues)]],
});

type JobSignalOptions = {
  log?: (message: string) => void;
  reconnectFirstMs?: number;
};

/**
 * Hands `onSent` the queue of every job committed on this database, by any process: its workers
 * of that queue can fetch at once instead of at their next poll. `null` means signals may have
 * been missed (a lost connection): every queue should look. Answers the function that stops it.
 */
export async function listenForSentJobs(
  handle: DatabaseHandle,
  onSent: (queue: string | null) => void,
  {
    log = (message) => console.error(message),
    reconnectFirstMs = RECONNECT_FIRST_MS,
  }: JobSignalOptions = {},
): Promise<() => Promise<void>> {
  const { signalSource } = handle;
  if (signalSource.kind === 'pglite') return signalSource.listen(JOB_SIGNAL_CHANNEL, onSent);
  const listeners = new PostgresListeners({
    url: signalSource.url,
    channels: { [JOB_SIGNAL_CHANNEL]: onSent },
    onMissed: () => onSent(null),
    applicationName: JOB_LISTENER_APPLICATION_NAME,
    logName: 'Job signal',
    log,
    reconnectFirstMs,
    connections: 1,
  });
  await listeners.start();
  return () => listeners.stop();
}
