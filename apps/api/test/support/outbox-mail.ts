import type { Database } from '../../src/db/client';
import { deliverOutboxMails } from '../../src/mail/mail-service';
import type { MailTransport } from '../../src/mail/mail-transport';

/** One queued mail delivered on its own (a batch of one); throws what the delivery failed with. */
export async function deliverOutboxMail(
  db: Database,
  transport: MailTransport,
  outboxId: number,
): Promise<void> {
  const [error] = await deliverOutboxMails(db, transport, [outboxId]);
  if (error) throw error;
}
