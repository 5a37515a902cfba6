import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail';
import { migrateDatabase } from '../db/migrate';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/support/smtp-receiver';
import { deliverOutboxMail } from '../../test/support/outbox-mail';
import { JOB_SCHEMA, startJobQueue, type JobQueue } from '../jobs/job-queue';
import { QUEUES } from '../jobs/queues';
import {
  createMailService,
  laneOf,
  MAIL_DELIVERY_ATTEMPTS,
  type MailService,
} from './mail-service';
import { createMailTransport, describeForConsole } from './mail-transport';
import { loginCodeMail } from './templates/account-mails';
import type { MailBrand } from './templates/mail-layout';

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

const BRAND: MailBrand = {
  name: 'Nimbus',
  logoUrl: null,
  portalUrl: 'http://localhost:3000',
  email: null,
  phone: null,
  color: '#0b6bcb',
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
    expect(await outboxRow(id)).toMatchObject({ html: null, text: null });
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

  it('drops the body, with its code, in the statement that marks the mail sent; the record stays', async () => {
    const id = await service.send({ ...mail, kind: 'login-code-login' });
    expect(await outboxRow(id)).toMatchObject({ html: mail.html, text: mail.text });
    const up = createMailTransport(smtp.url);
    await deliverOutboxMail(database.db, up, id);
    up.close();
    const received = await smtp.waitFor(
      (one) => one.subject === mail.subject && one.text.includes('482913'),
    );
    expect(received.html).toContain('482913');
    const row = await outboxRow(id);
    expect(row).toMatchObject({
      kind: 'login-code-login',
      toAddress: mail.to,
      subject: mail.subject,
      status: 'sent',
      attempts: 1,
      lastError: null,
      html: null,
      text: null,
    });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('482913');
  });

  it('sends a login code with its code in the subject, and keeps the subject without it', async () => {
    const rendered = loginCodeMail(BRAND, 'en', '639105', 'login');
    expect(rendered.subject).toBe('Your Nimbus code: 639105');
    const id = await service.send({ ...mail, kind: 'login-code-login', ...rendered });
    expect(await outboxRow(id)).toMatchObject({
      subject: 'Your Nimbus code',
      subjectWithSecret: 'Your Nimbus code: 639105',
    });
    const up = createMailTransport(smtp.url);
    await deliverOutboxMail(database.db, up, id);
    up.close();
    const received = await smtp.waitFor((one) => one.subject === 'Your Nimbus code: 639105');
    expect(received.text).toContain('639105');
    const row = await outboxRow(id);
    expect(row).toMatchObject({
      status: 'sent',
      subject: 'Your Nimbus code',
      subjectWithSecret: null,
    });
    expect(JSON.stringify(row)).not.toContain('639105');
  });

  it('drops the body when the mail is printed to the console instead', async () => {
    const id = await service.send({ ...mail, kind: 'password-reset' });
    await deliverOutboxMail(
      database.db,
      createMailTransport(undefined, () => {}),
      id,
    );
    expect(await outboxRow(id)).toMatchObject({ status: 'logged', html: null, text: null });
  });

  it('keeps the body for the retries, and drops it when the last attempt fails (given up)', async () => {
    const id = await service.send({ ...mail, kind: 'login-code-signup' });
    const down = createMailTransport('smtp://127.0.0.1:9');
    for (let attempt = 1; attempt < MAIL_DELIVERY_ATTEMPTS; attempt++) {
      await expect(deliverOutboxMail(database.db, down, id)).rejects.toThrow();
    }
    expect(await outboxRow(id)).toMatchObject({
      status: 'queued',
      attempts: MAIL_DELIVERY_ATTEMPTS - 1,
      html: mail.html,
      text: mail.text,
    });
    await expect(deliverOutboxMail(database.db, down, id)).rejects.toThrow();
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAIL_DELIVERY_ATTEMPTS,
      deliveredAt: null,
      subject: mail.subject,
      toAddress: mail.to,
      html: null,
      text: null,
    });
    expect(failed!.lastError).toBeTruthy();
    // A job that runs again after the mail was given up finds nothing to send.
    await deliverOutboxMail(database.db, down, id);
    down.close();
    expect((await outboxRow(id))!.attempts).toBe(MAIL_DELIVERY_ATTEMPTS);
  });

  it('refuses a delivered row with a body, and a queued one without', async () => {
    const id = await service.send(mail);
    await expect(
      database.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(mailOutbox).set({ text: null }).where(eq(mailOutbox.id, id)),
    ).rejects.toThrow();
  });
});

/** The statements of the migration that drops delivered bodies, found by the check it adds. */
function bodyMigration(): string[] {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
  const file = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
    .find((sql) => sql.includes('ADD CONSTRAINT "mail_outbox_body_only_while_queued"'));
  if (!file) throw new Error('no migration adds mail_outbox_body_only_while_queued');
  return file.split('--> statement-breakpoint').map((statement) => statement.trim());
}

describe('the migration for mails delivered before bodies were dropped', () => {
  it('clears their bodies, marks mails whose attempts are spent failed, and leaves queued mails whole', async () => {
    const sql = (text: string, values?: unknown[]) => database.executeSql(text, values);
    // The table as it was before the migration (its other statements are the same either way).
    await sql('alter table mail_outbox drop constraint mail_outbox_body_only_while_queued');
    await sql(
      'alter table mail_outbox drop constraint mail_outbox_subject_secret_only_while_queued',
    );
    await sql('alter table mail_outbox drop column subject_with_secret');
    const insert = async (status: string, attempts: number) => {
      const { rows } = await sql(
        `insert into mail_outbox (kind, from_address, to_address, subject, html, text, status, attempts)
         values ('login-code-login', 'p@x.co', 'old@example.com', 'Your Nimbus code: 551234',
           '<p>Code 551234</p>', 'Code 551234', $1, $2)
         returning id`,
        [status, attempts],
      );
      return (rows[0] as { id: number }).id;
    };
    const sent = await insert('sent', 1);
    const logged = await insert('logged', 1);
    const exhausted = await insert('queued', MAIL_DELIVERY_ATTEMPTS);
    const waiting = await insert('queued', 2);

    for (const statement of bodyMigration()) await sql(statement);

    const bodies = async (id: number) => {
      const row = await outboxRow(id);
      return [row!.status, row!.subject, row!.subjectWithSecret, row!.html, row!.text];
    };
    const recorded = 'Your Nimbus code';
    expect(await bodies(sent)).toEqual(['sent', recorded, null, null, null]);
    expect(await bodies(logged)).toEqual(['logged', recorded, null, null, null]);
    expect(await bodies(exhausted)).toEqual(['failed', recorded, null, null, null]);
    expect(await bodies(waiting)).toEqual([
      'queued',
      recorded,
      'Your Nimbus code: 551234',
      '<p>Code 551234</p>',
      'Code 551234',
    ]);
    // The waiting one is still delivered whole.
    const up = createMailTransport(smtp.url);
    await deliverOutboxMail(database.db, up, waiting);
    up.close();
    await smtp.waitFor((one) => one.subject === 'Your Nimbus code: 551234');
    expect(await bodies(waiting)).toEqual(['sent', recorded, null, null, null]);
  });
});
