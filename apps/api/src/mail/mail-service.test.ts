import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail';
import { migrateDatabase } from '../db/migrate';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/support/smtp-receiver';
import type { JobQueue } from '../jobs/job-queue';
import { createMailService, deliverOutboxMail, MAIL_QUEUE } from './mail-service';
import { createMailTransport, describeForConsole } from './mail-transport';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let smtp: SmtpReceiver;
const sentJobs: { queue: string; data: object }[] = [];
const recordingJobs: JobQueue = {
  send: async (queue, data) => void sentJobs.push({ queue, data }),
  work: async () => {},
  stop: async () => {},
};

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
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

describe('the mail outbox', () => {
  it('writes the mail before queueing its delivery job', async () => {
    const id = await createMailService(
      database.db,
      recordingJobs,
      'Portal <no-reply@portal.example>',
    ).send(mail);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({
      status: 'queued',
      toAddress: 'ayanda@example.co.za',
      fromAddress: '"Nimbus Africa Cloud" <no-reply@portal.example>',
      attempts: 0,
    });
    expect(sentJobs.at(-1)).toEqual({ queue: MAIL_QUEUE, data: { outboxId: id } });
  });

  it('keeps a mail queued with the error when SMTP is down, and delivers it once when it is back', async () => {
    const id = await createMailService(database.db, recordingJobs, 'no-reply@portal.example').send(
      mail,
    );
    const down = createMailTransport('smtp://127.0.0.1:9');
    await expect(deliverOutboxMail(database.db, down, id)).rejects.toThrow();
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();

    const up = createMailTransport(smtp.url);
    await deliverOutboxMail(database.db, up, id);
    await deliverOutboxMail(database.db, up, id); // a job that runs twice sends once
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    await smtp.waitFor((received) => received.text.includes('482913'));
    expect(smtp.mails.filter((received) => received.text.includes('482913'))).toHaveLength(1);
    up.close();
  });

  it('prints one console line, with the text, when no SMTP is configured', async () => {
    const lines: string[] = [];
    const id = await createMailService(database.db, recordingJobs, 'no-reply@portal.example').send({
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
    const [logged] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(logged!.status).toBe('logged');
  });

  it('shortens very long bodies on the console', () => {
    expect(describeForConsole({ to: 'a@b.co', subject: 's', text: 'x'.repeat(700) })).toHaveLength(
      '[mail] to a@b.co: "s" — '.length + 601,
    );
  });
});
