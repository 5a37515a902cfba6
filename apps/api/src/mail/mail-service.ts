import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox, type MailAttachment } from '../db/schema/mail';
import type { JobQueue } from '../jobs/job-queue';
import type { MailTransport } from './mail-transport';

export const MAIL_QUEUE = 'mail-deliver';

export type OutgoingMail = {
  companyId: number | null;
  kind: string;
  /** Display name of the sender (the company); the address is MAIL_FROM. */
  senderName: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

export type MailService = { send: (mail: OutgoingMail) => Promise<number> };

/**
 * Sending is two steps: the mail is written to the outbox and a job is queued in the same
 * database, so a crash or an SMTP outage loses nothing; the job delivers it, retrying with backoff.
 */
export function createMailService(db: Database, jobs: JobQueue, mailFrom: string): MailService {
  return {
    send: async (mail) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          companyId: mail.companyId,
          kind: mail.kind,
          fromAddress: formatSender(mail.senderName, mailFrom),
          toAddress: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: mail.attachments ?? [],
        })
        .returning({ id: mailOutbox.id });
      await jobs.send(
        MAIL_QUEUE,
        { outboxId: row!.id },
        { retryLimit: 8, retryDelay: 15, retryBackoff: true },
      );
      return row!.id;
    },
  };
}

/** The job: deliver one outbox row unless it already went (jobs can run twice). */
export async function deliverOutboxMail(
  db: Database,
  transport: MailTransport,
  outboxId: number,
): Promise<void> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
  if (!mail || mail.status !== 'queued') return;
  try {
    await transport.deliver({
      from: mail.fromAddress,
      to: mail.toAddress,
      replyTo: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
    });
  } catch (error) {
    await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: String((error as Error).message ?? error).slice(0, 1000),
      })
      .where(eq(mailOutbox.id, outboxId));
    throw error;
  }
  await db
    .update(mailOutbox)
    .set({
      status: transport.kind === 'smtp' ? 'sent' : 'logged',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      deliveredAt: new Date(),
    })
    .where(eq(mailOutbox.id, outboxId));
}

function formatSender(name: string, address: string): string {
  const bare = address.match(/<([^>]+)>/)?.[1] ?? address;
  return `"${name.replace(/["\\\r\n]/g, '')}" <${bare}>`;
}
