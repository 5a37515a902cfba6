import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateDatabase } from '../db/migrate';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/support/test-app';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/support/smtp-receiver';
import { startJobQueue, type JobQueue } from '../jobs/job-queue';
import { registerWorkers } from '../workers';
import { createMailService } from './mail-service';
import { createMailTransport, type MailTransport } from './mail-transport';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let smtp: SmtpReceiver;
let jobs: JobQueue;
let transport: MailTransport;
const MAIL_FROM = 'no-reply@portal.example';

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
  smtp = await startSmtpReceiver();
  jobs = await startJobQueue(database, () => {});
  transport = createMailTransport(smtp.url);
});
afterAll(async () => {
  await jobs.stop();
  transport.close();
  await dispose();
  await smtp.close();
});

const BACKLOG = 150;
const newsletter = (index: number) => ({
  companyId: null,
  kind: 'newsletter-issue',
  senderName: 'Nimbus Africa Cloud',
  to: `reader${index}@example.com`,
  subject: `News ${index}`,
  html: '<p>News</p>',
  text: 'News',
});

it('delivers a login code queued behind a backlog of bulk mail ahead of that backlog', async () => {
  const mail = createMailService(database.db, jobs, MAIL_FROM);
  for (let index = 0; index < BACKLOG; index += 1) await mail.send(newsletter(index));
  await mail.send({
    ...newsletter(0),
    kind: 'login-code-login',
    to: 'waiting@example.co.za',
    subject: 'Your code: 123456',
  });

  // The workers start with the whole backlog waiting, as after a burst of bulk mail.
  await registerWorkers(jobs, {
    db: database.db,
    mailTransport: transport,
    mailFrom: MAIL_FROM,
    credentialsKey: randomBytes(32),
    simulatorOperationMs: 0,
    dataDir: os.tmpdir(),
    uploadsDir: os.tmpdir(),
  });
  const code = await smtp.waitFor((received) => received.to.includes('waiting@example.co.za'));
  // The account lane takes the code at once while the bulk lane works through its batches (in
  // one queue, first in first out, it came last).
  expect(smtp.mails.indexOf(code)).toBeLessThan(BACKLOG / 3);

  await smtp.waitFor(() => smtp.mails.length === BACKLOG + 1, 30_000);
  expect(new Set(smtp.mails.map((received) => received.to[0])).size).toBe(BACKLOG + 1);
});
