import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { mailOutbox, type MailAttachment } from '../db/schema/mail';
import { asError, type JobQueue } from '../jobs/job-queue';
import { QUEUES } from '../jobs/queues';
import type { MailLane, MailTransport } from './mail-transport';

export type OutgoingMail = {
  companyId: number | null;
  kind: string;
  /** Display name of the sender (the company); the address is MAIL_FROM. */
  senderName: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  /** The subject the outbox keeps once the mail is delivered, when `subject` holds a secret. */
  subjectOnRecord?: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

/** What sends one mail: the service itself, or the sender handed out inside a transaction. */
export type MailSender = { send: (mail: OutgoingMail) => Promise<number> };

export type MailService = MailSender & {
  /**
   * Runs `work` in one transaction: the rows it writes and the mails it sends commit together
   * or not at all; delivery starts once the transaction has committed.
   */
  inTransaction: <T>(work: (tx: Transaction, mail: MailSender) => Promise<T>) => Promise<T>;
};

/** Mails a person is waiting for to get into their account (ADR 011): never behind bulk mail. */
const ACCOUNT_MAIL_KINDS = /^(login-code|password-reset|user-name-reminder|staff-invite)(-|$)/;

export function laneOf(kind: string): MailLane {
  return ACCOUNT_MAIL_KINDS.test(kind) ? 'account' : 'bulk';
}

const queueOfLane = {
  account: QUEUES.accountMail,
  bulk: QUEUES.bulkMail,
} as const;

const DELIVERY_RETRIES = { retryLimit: 8, retryDelay: 15, retryBackoff: true };
/** A mail's job runs once and retries `retryLimit` times: the last failing gives the mail up. */
export const MAIL_DELIVERY_ATTEMPTS = DELIVERY_RETRIES.retryLimit + 1;

/**
 * Sending writes the mail to the outbox and queues its delivery job in the same transaction, so
 * a crash between the two cannot leave a mail that is never sent; the job delivers it, retrying
 * with backoff.
 */
export function createMailService(db: Database, jobs: JobQueue, mailFrom: string): MailService {
  const inTransaction: MailService['inTransaction'] = (work) =>
    db.transaction((tx) =>
      work(tx, {
        send: async (mail) => {
          const lane = laneOf(mail.kind);
          const [row] = await tx
            .insert(mailOutbox)
            .values({
              companyId: mail.companyId,
              kind: mail.kind,
              fromAddress: formatSender(mail.senderName, mailFrom),
              toAddress: mail.to,
              replyTo: mail.replyTo ?? null,
              subject: mail.subjectOnRecord ?? mail.subject,
              subjectWithSecret: mail.subjectOnRecord === undefined ? null : mail.subject,
              html: mail.html,
              text: mail.text,
              attachments: mail.attachments ?? [],
            })
            .returning({ id: mailOutbox.id });
          await jobs.send(
            queueOfLane[lane],
            { outboxId: row!.id },
            { ...DELIVERY_RETRIES, transaction: tx },
          );
          return row!.id;
        },
      }),
    );
  return {
    inTransaction,
    send: (mail) => inTransaction((_tx, sender) => sender.send(mail)),
  };
}

/**
 * The delivery jobs of one batch: rows still queued are read at once, delivered side by side and
 * marked together; a row that already went is skipped (jobs can run twice). Answers each job's
 * error (the row keeps it, and stays queued for the retry) or undefined.
 *
 * The body carries login codes and recovery links: the statement that marks a mail delivered, or
 * given up after its last attempt, drops it (html, text and a subject holding a secret become
 * null), keeping the rest of the row (kind, addresses, the subject on record, status, attempts,
 * error, times) as the record of the mail.
 */
export async function deliverOutboxMails(
  db: Database,
  transport: MailTransport,
  outboxIds: number[],
): Promise<(Error | undefined)[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, outboxIds), eq(mailOutbox.status, 'queued')));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors = await Promise.all(
    outboxIds.map(async (id) => {
      const mail = byId.get(id);
      if (!mail) return undefined;
      try {
        // A queued row always has its body (the table's check mail_outbox_body_only_while_queued).
        if (mail.html === null || mail.text === null)
          throw new Error(`mail ${id} is queued without its body`);
        await transport.deliver(
          {
            from: mail.fromAddress,
            to: mail.toAddress,
            replyTo: mail.replyTo,
            subject: mail.subjectWithSecret ?? mail.subject,
            html: mail.html,
            text: mail.text,
            attachments: mail.attachments,
          },
          laneOf(mail.kind),
        );
        return undefined;
      } catch (error) {
        const failure = asError(error);
        const givenUp = sql`${mailOutbox.attempts} + 1 >= ${MAIL_DELIVERY_ATTEMPTS}`;
        await db
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: failure.message.slice(0, 1000),
            status: sql`case when ${givenUp} then 'failed' else ${mailOutbox.status} end`,
            html: sql`case when ${givenUp} then null else ${mailOutbox.html} end`,
            text: sql`case when ${givenUp} then null else ${mailOutbox.text} end`,
            subjectWithSecret: sql`case when ${givenUp} then null else ${mailOutbox.subjectWithSecret} end`,
          })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
        return failure;
      }
    }),
  );
  const delivered = outboxIds.filter((id, index) => byId.has(id) && !errors[index]);
  if (delivered.length > 0) {
    await db
      .update(mailOutbox)
      .set({
        status: transport.kind === 'smtp' ? 'sent' : 'logged',
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: null,
        deliveredAt: new Date(),
        html: null,
        text: null,
        subjectWithSecret: null,
      })
      .where(inArray(mailOutbox.id, delivered));
  }
  return errors;
}

function formatSender(name: string, address: string): string {
  const bare = address.match(/<([^>]+)>/)?.[1] ?? address;
  return `"${name.replace(/["\\\r\n]/g, '')}" <${bare}>`;
}
