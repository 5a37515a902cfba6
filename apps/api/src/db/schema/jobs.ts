import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which background jobs a live process still holds (ADR 025). A process working a job renews its
 * lease every few seconds; a job pg-boss shows active whose lease has lapsed was held by a process
 * that died, and is put back to run again. Rows are written only for jobs held past the first
 * renewal, and only with PostgreSQL (the embedded database serves one process).
 */
export const jobLeases = pgTable('job_leases', {
  /** pg-boss's job id (pgboss.job.id). */
  jobId: uuid('job_id').primaryKey(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});
