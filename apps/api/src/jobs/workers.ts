import type { Database } from '../db/client';
import { createMailService, deliverOutboxMails } from '../mail/mail-service';
import { SMTP_CONNECTIONS, type MailTransport } from '../mail/mail-transport';
import { handleRecoveryRequest, type RecoveryRequest } from '../modules/accounts/password-recovery';
import { eachJob, type JobQueue } from './job-queue';
import { QUEUES } from './queues';

/** The background work this process takes part in. */
export async function registerWorkers(
  jobs: JobQueue,
  deps: { db: Database; mailTransport: MailTransport; mailFrom: string },
): Promise<void> {
  const deliver = (batch: { outboxId: number }[]) =>
    deliverOutboxMails(
      deps.db,
      deps.mailTransport,
      batch.map((job) => job.outboxId),
    );
  // A lane's batch is read and marked in one statement each and fills its SMTP connections.
  await jobs.work(QUEUES.accountMail, { batchSize: 2 * SMTP_CONNECTIONS.account }, deliver);
  await jobs.work(QUEUES.bulkMail, { batchSize: 2 * SMTP_CONNECTIONS.bulk }, deliver);

  const mail = createMailService(deps.db, jobs, deps.mailFrom);
  await jobs.work<RecoveryRequest>(
    QUEUES.accountRecovery,
    { batchSize: 5 },
    eachJob((request) => handleRecoveryRequest({ db: deps.db, mail }, request)),
  );
}
