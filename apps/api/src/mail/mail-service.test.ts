import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail';
import { migrateDatabase } from '../db/migrate';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/support/smtp-receiver';
import { JOB_SCHEMA, startJobQueue, type JobQueue } from '../jobs/job-queue';
import { QUEUES } from '../jobs/queues';
import { createMailService, deliverOutboxMail, laneOf, type MailService } from './mail-service';
import { createMailTransport, describeForConsole } from './mail-transport';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let smtp: SmtpReceiver;
// No workers: the jobs stay in the queue, where these tests look at them.
let jobs: JobQueue;
let service: MailService;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  smtp = await startSmtpReceiver();
  jobs = await startJobQueue(database, () => {});
  service = createMailService(database.db, jobs, 'Portal <no-reply@portal.example>');
});
afterAll(async () => {
  await jobs.stop();
  await dispose();
  await smtp.close();
});

const mail = {
  companyId: null,
  kind: 'test',
  senderName: 'Nimbus "Africa" Cloud',
  to: 'ayanda@example.co.za',
  subject: 'Your code',
  html: '<p>Code 482913</p>',
  text: 'Code 482913',
};

async function jobsOf(outboxId: number): Promise<{ name: string }[]> {
  const { rows } = await database.executeSql(
    `select name from ${JOB_SCHEMA}.job where data->>'outboxId' = $1`,
    [String(outboxId)],
  );
  return rows as { name: string }[];
}

async function outboxRow(id: number) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

describe('the mail outbox', () => {
  it('writes the mail and its delivery job together', async () => {
    const id = await service.send(mail);
    expect(await outboxRow(id)).toMatchObject({
      status: 'queued',
      toAddress: 'ayanda@example.co.za',
      fromAddress: '"Nimbus Africa Cloud" <no-reply@portal.example>',
      attempts: 0,
    });
    expect(await jobsOf(id)).toEqual([{ name: QUEUES.bulkMail }]);
  });

  it('writes neither the mail nor its job when the transaction does not commit (a crash before COMMIT)', async () => {
    let sentId = 0;
    await expect(
      service.inTransaction(async (_tx, sender) => {
        sentId = await sender.send(mail);
        throw new Error('the process dies here');
      }),
    ).rejects.toThrow('the process dies here');
    expect(sentId).toBeGreaterThan(0);
    expect(await outboxRow(sentId)).toBeUndefined();
    expect(await jobsOf(sentId)).toHaveLength(0);
  });

  it('puts login codes, recovery links and login reminders on the account lane, the rest on the bulk lane', async () => {
    expect(
      ['login-code-login', 'login-code-signup', 'password-reset', 'user-name-reminder'].map(laneOf),
    ).toEqual(['account', 'account', 'account', 'account']);
    expect(
      ['contact-thank-you', 'contact-received', 'newsletter-welcome', 'login-codes-export'].map(
        laneOf,
      ),
    ).toEqual(['bulk', 'bulk', 'bulk', 'bulk']);
    const id = await service.send({ ...mail, kind: 'login-code-login' });
    expect(await jobsOf(id)).toEqual([{ name: QUEUES.accountMail }]);
  });

  it('keeps a mail queued with the error when SMTP is down, and delivers it once when it is back', async () => {
    const id = await service.send(mail);
    const down = createMailTransport('smtp://127.0.0.1:9');
    await expect(deliverOutboxMail(database.db, down, id)).rejects.toThrow();
    down.close();
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();

    const up = createMailTransport(smtp.url);
    await deliverOutboxMail(database.db, up, id);
    await deliverOutboxMail(database.db, up, id); // a job that runs twice sends once
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    await smtp.waitFor((received) => received.text.includes('482913'));
    expect(smtp.mails.filter((received) => received.text.includes('482913'))).toHaveLength(1);
    up.close();
  });

  it('prints one console line, with the text, when no SMTP is configured', async () => {
    const lines: string[] = [];
    const id = await service.send({
      ...mail,
      text: 'Your code is\n\n  771204\nValid 10 minutes.',
    });
    await deliverOutboxMail(
      database.db,
      createMailTransport(undefined, (line) => lines.push(line)),
      id,
    );
    expect(lines).toEqual([
      '[mail] to ayanda@example.co.za: "Your code" — Your code is 771204 Valid 10 minutes.',
    ]);
    expect((await outboxRow(id))!.status).toBe('logged');
  });

  it('shortens very long bodies on the console', () => {
    expect(describeForConsole({ to: 'a@b.co', subject: 's', text: 'x'.repeat(700) })).toHaveLength(
      '[mail] to a@b.co: "s" — '.length + 601,
    );
  });
});
