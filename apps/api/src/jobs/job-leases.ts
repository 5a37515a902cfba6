import type { DatabaseHandle } from '../db/client';

/**
 * How long a job stays a process's after its last sign of life (ADR 025). A process renews the
 * leases of the jobs it works every sixth of this; a job still active in pg-boss whose lease has
 * lapsed was held by a process that died (kill -9, a lost machine, a shutdown that timed out) and
 * runs again at once. Shorter finds a dead holder sooner; a process that cannot reach the database
 * for longer than this may see its job started elsewhere beside it (the handlers are idempotent).
 */
export const DEFAULT_JOB_LEASE_SECONDS = 30;
export const MIN_JOB_LEASE_SECONDS = 2;

/** What a lapsed holder leaves in the job's output, as pg-boss's own expiry does. */
const HOLDER_GONE = 'the process working this job stopped before it finished';

type JobLeases = {
  /** The jobs this process starts working; their leases are renewed until `release`. */
  hold: (ids: readonly string[]) => void;
  release: (ids: readonly string[]) => void;
  /** Puts back, now, the jobs whose holder is gone; answers their queues. */
  recover: () => Promise<string[]>;
  stop: () => void;
};

type JobLeaseOptions = {
  leaseSeconds?: number;
  /** The queues whose jobs were put back, to wake their workers in every process. */
  onRecovered: (queues: string[]) => Promise<void> | void;
  onError: (error: Error) => void;
};

/**
 * Keeps this process's hold on the jobs it works and gives back those of dead processes.
 *
 * PostgreSQL (several processes): every `leaseSeconds / 6` the process renews the leases of the
 * jobs it holds (one statement, none when it holds nothing; a job finished before the first
 * renewal never writes one) and puts back the active jobs with neither a lease nor a start within
 * `leaseSeconds`. The embedded database serves this process only, so a job active there from
 * before this process started was held by a process that is gone: it is put back at start, and
 * nothing else is needed while the process runs.
 */
export async function startJobLeases(
  handle: DatabaseHandle,
  schema: string,
  { leaseSeconds = DEFAULT_JOB_LEASE_SECONDS, onRecovered, onError }: JobLeaseOptions,
): Promise<JobLeases> {
  const held = new Set<string>();
  const shared = handle.kind === 'postgres';
  const recoverStatement = shared
    ? { text: putBackLapsedJobs(schema), values: [leaseSeconds, HOLDER_GONE] }
    : {
        text: putBackJobsStartedBefore(schema),
        values: [PROCESS_STARTED_AT.toISOString(), HOLDER_GONE],
      };

  const recover = async () => {
    const { rows } = await handle.executeSql(recoverStatement.text, recoverStatement.values);
    const queues = (rows as { name: string }[]).map((row) => row.name);
    if (queues.length > 0) await onRecovered(queues);
    return queues;
  };
  const renew = async () => {
    if (held.size === 0) return;
    await handle.executeSql(
      `INSERT INTO job_leases (job_id, lease_until)
       SELECT id, now() + $2::float8 * interval '1 second' FROM unnest($1::uuid[]) AS id
       ON CONFLICT (job_id) DO UPDATE SET lease_until = excluded.lease_until`,
      [[...held], leaseSeconds],
    );
  };

  await recover();
  let timer: NodeJS.Timeout | undefined;
  if (shared) {
    let ticking = false;
    timer = setInterval(
      () => {
        if (ticking) return;
        ticking = true;
        renew()
          .then(recover)
          .catch((error: unknown) =>
            onError(error instanceof Error ? error : new Error(String(error))),
          )
          .finally(() => (ticking = false));
      },
      (leaseSeconds * 1000) / 6,
    );
    timer.unref();
  }

  return {
    // A finished job's lease is left to lapse rather than deleted: pg-boss marks the job completed
    // just after the handler answers, and until then the lease keeps it from being put back.
    hold: (ids) => {
      if (shared) for (const id of ids) held.add(id);
    },
    release: (ids) => {
      for (const id of ids) held.delete(id);
    },
    recover,
    stop: () => clearInterval(timer),
  };
}

/** When this process started: on the embedded database, any job active since before is orphaned. */
const PROCESS_STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

/**
 * One statement for `where`'s active jobs: back to `retry` to run at once (the run counts as an
 * attempt, as pg-boss's expiry counts it, so a job that kills its process does not loop for ever),
 * or `failed` if that was its last; lapsed leases go (PostgreSQL). Answers one row per job put back.
 */
const putBack = (schema: string, where: string, forgetLeases: boolean) => `
  WITH lapsed AS (
    SELECT j.id, j.name FROM ${schema}.job j
    WHERE j.state = 'active' AND ${where}
    FOR UPDATE SKIP LOCKED
  ), put_back AS (
    UPDATE ${schema}.job j SET
      state = CASE WHEN j.retry_count < j.retry_limit
        THEN 'retry'::${schema}.job_state ELSE 'failed'::${schema}.job_state END,
      start_after = CASE WHEN j.retry_count < j.retry_limit THEN now() ELSE j.start_after END,
      completed_on = CASE WHEN j.retry_count < j.retry_limit THEN NULL ELSE now() END,
      output = jsonb_build_object('value', jsonb_build_object('message', $2::text))
    FROM lapsed WHERE j.name = lapsed.name AND j.id = lapsed.id
    RETURNING j.name
  )${forgetLeases ? ', forgotten AS (DELETE FROM job_leases WHERE lease_until < now())' : ''}
  SELECT name FROM put_back`;

const putBackLapsedJobs = (schema: string) =>
  putBack(
    schema,
    `j.started_on < now() - $1::float8 * interval '1 second'
     AND NOT EXISTS (SELECT 1 FROM job_leases l WHERE l.job_id = j.id AND l.lease_until > now())`,
    true,
  );

const putBackJobsStartedBefore = (schema: string) =>
  putBack(schema, `j.started_on < $1::timestamptz`, false);
