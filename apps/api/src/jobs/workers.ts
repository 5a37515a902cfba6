import type { Database } from '../db/client';
import { deliverOutboxMail, MAIL_QUEUE } from '../mail/mail-service';
import type { MailTransport } from '../mail/mail-transport';
import type { JobQueue } from './job-queue';

/** The background work this process takes part in. */
export async function registerWorkers(
  jobs: JobQueue,
  deps: { db: Database; mailTransport: MailTransport },
): Promise<void> {
  await jobs.work<{ outboxId: number }>(MAIL_QUEUE, ({ outboxId }) =>
    deliverOutboxMail(deps.db, deps.mailTransport, outboxId),
  );
}
