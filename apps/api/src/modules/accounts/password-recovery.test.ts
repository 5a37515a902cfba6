import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { customers, passwordResetTokens } from '../../db/schema/accounts';
import { mailOutbox } from '../../db/schema/mail';
import { migrateAndSeedDemo } from '../../seed/migrate-and-seed-demo';
import type { DatabaseHandle } from '../../db/client';
import { JOB_SCHEMA, startJobQueue, type JobQueue } from '../../jobs/job-queue';
import { QUEUES } from '../../jobs/queues';
import { registerWorkers } from '../../workers';
import { createMailService } from '../../mail/mail-service';
import { createMailTransport } from '../../mail/mail-transport';
import { handleRecoveryRequest } from './password-recovery';
import {
  createListeningTestApp,
  createTestDatabase,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';
import { sendAtOnce } from '../../../test/support/http-burst';
import { companyIdOf, insertCustomer } from '../../../test/support/lifecycle-fixtures';

const SENT = {
  status: 200,
  message: 'An email is sent to your account please check and log in.',
  data: null,
};
const LINK_INVALID = 'This password recovery link is invalid or has expired';

/** Waits until no recovery or delivery job of the portal is waiting or running. */
async function jobsSettled(database: DatabaseHandle, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await database.executeSql(
      `select count(*)::int as pending from ${JOB_SCHEMA}.job
        where name = any($1::text[]) and state < 'completed'`,
      [Object.values(QUEUES)],
    );
    if ((rows[0] as { pending: number }).pending === 0) return;
    if (Date.now() > deadline) throw new Error('jobs did not settle');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('forgotPassword and forgotUserName do the same work for any address', () => {
  // The app without its workers: what a request leaves behind can be looked at before any job runs.
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  let jobs: JobQueue;
  let app: FastifyInstance;
  let dataDir: string;
  const known = 'known.customer@example.co.za';
  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: MAIN_ORIGIN,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      COMPANY_CACHE_SECONDS: '0',
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-test-'));
    ({ database, dispose } = await createTestDatabase());
    await migrateAndSeedDemo(database, config());
    jobs = await startJobQueue(database, () => {});
    app = await buildApp({ config: config(), db: database.db, jobs });
    const companyId = await companyIdOf(database.db, MAIN_ORIGIN);
    await insertCustomer(database.db, companyId, {
      email: known,
      firstName: 'Known',
      lastName: 'Customer',
    });
  });
  afterAll(async () => {
    await app.close();
    await jobs.stop();
    await dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers alike, writes only a job (no link, no mail) and the job mails only the real account', async () => {
    const answers = [];
    for (const call of ['/api/forgotPassword', '/api/forgotUserName'])
      for (const emailID of [known, 'nobody.here@example.co.za'])
        answers.push(await post(app, call, { emailID }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(SENT);
    }

    // What each request did: one job of the same shape, whatever the address.
    const { rows } = await database.executeSql(
      `select data from ${JOB_SCHEMA}.job where name = $1 order by created_on`,
      [QUEUES.accountRecovery],
    );
    expect(rows.map((row) => Object.keys((row as { data: object }).data).sort())).toEqual(
      Array(4).fill(['companyId', 'email', 'language', 'requestId', 'wants']),
    );
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await database.db.select().from(passwordResetTokens)).toEqual([]);

    const lines: string[] = [];
    const transport = createMailTransport(undefined, (line) => lines.push(line));
    await registerWorkers(jobs, {
      db: database.db,
      mailTransport: transport,
      mailFrom: 'x@y.z',
      credentialsKey: randomBytes(32),
      simulatorOperationMs: 0,
      dataDir: os.tmpdir(),
      uploadsDir: os.tmpdir(),
    });
    await jobsSettled(database);
    const outbox = await database.db.select().from(mailOutbox);
    expect(
      outbox.map((mail) => [mail.kind.replace(/-[0-9a-f-]{36}$/, ''), mail.toAddress]).sort(),
    ).toEqual([
      ['password-reset', known],
      ['user-name-reminder', known],
    ]);
    expect(await database.db.select().from(passwordResetTokens)).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('nobody.here');
  });

  it('a recovery job run again (its process died after writing the mail) sends no second mail', async () => {
    const companyId = await companyIdOf(database.db, MAIN_ORIGIN);
    const mail = createMailService(database.db, jobs, 'x@y.z');
    for (const wants of ['password-reset', 'user-name-reminder'] as const) {
      const request = {
        companyId,
        email: known,
        language: 'en' as const,
        wants,
        requestId: randomUUID(),
      };
      const tokensBefore = (await database.db.select().from(passwordResetTokens)).length;
      await handleRecoveryRequest({ db: database.db, mail }, request);
      await handleRecoveryRequest({ db: database.db, mail }, request);
      const written = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, known));
      expect(
        written.filter((row) => row.kind === `${wants}-${request.requestId}`),
        wants,
      ).toHaveLength(1);
      expect((await database.db.select().from(passwordResetTokens)).length - tokensBefore).toBe(
        wants === 'password-reset' ? 1 : 0,
      );
    }
  });
});

describe('password recovery', () => {
  let t: Awaited<ReturnType<typeof createListeningTestApp>>;
  let port: number;
  beforeAll(async () => {
    t = await createListeningTestApp();
    port = t.port;
  });
  afterAll(() => t.close());

  const mailsTo = (email: string, subject: RegExp) =>
    t.smtp.mails.filter((mail) => mail.to.includes(email) && subject.test(mail.subject));
  const recoveryToken = async (email: string, after: number) => {
    const mail = await t.smtp.waitFor(
      (received) =>
        received.to.includes(email) &&
        /Reset your/.test(received.subject) &&
        t.smtp.mails.indexOf(received) >= after,
    );
    return new URL(
      mail.text.match(/http:\/\/localhost:3000\/recoverpassword\?token=[\w-]+/)![0],
    ).searchParams.get('token')!;
  };
  const newPassword = (queryStringValue: string, password = 'Nuwe#Pass1', origin = MAIN_ORIGIN) =>
    post(
      t.app,
      '/api/updatePassword',
      { password, confirmPassword: password, queryStringValue },
      { origin },
    );
  const checkLink = (queryStringValue: unknown, origin = MAIN_ORIGIN, remoteAddress?: string) =>
    post(t.app, '/api/checkResetLink', { queryStringValue }, { origin, remoteAddress });

  let nextClient = 0;
  const burst = (count: number, call: string, emailID: string) =>
    sendAtOnce(
      port,
      Array.from({ length: count }, () => ({
        path: call,
        body: { emailID },
        headers: {
          origin: MAIN_ORIGIN,
          'x-forwarded-for': `10.88.${Math.floor(++nextClient / 250)}.${nextClient % 250}`,
        },
      })),
    );

  it('answers the same whether or not the address has an account', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    for (const call of ['/api/forgotPassword', '/api/forgotUserName']) {
      const known = await post(t.app, call, { emailID: user.email });
      const unknown = await post(t.app, call, { emailID: 'ghost@example.co.za' });
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.json()).toEqual(SENT);
      expect(unknown.json()).toEqual(SENT);
    }
  });

  it('sets a new password once with the link, ends every session, and lets the new password log in', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const token = await recoveryToken(user.email, before);

    expect((await newPassword(token, 'weak')).json().message).toBe('Please enter valid password');
    const mismatch = await post(t.app, '/api/updatePassword', {
      password: 'Nuwe#Pass1',
      confirmPassword: 'Nuwe#Pass2',
      queryStringValue: token,
    });
    expect(mismatch.json().data.errors).toContainEqual({
      field: 'confirmPassword',
      message: 'Password does not match',
    });

    const reset = await newPassword(token);
    expect(reset.json().message).toBe('Your password has been updated. Please log in.');
    expect((await newPassword(token)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { origin: MAIN_ORIGIN },
          cookies: user.cookies,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, '/api/login', { emailID: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, '/api/login', { emailID: user.email, password: 'Nuwe#Pass1' })).statusCode,
    ).toBe(200);
  });

  it("spends every other unused link of the account with the reset, and only that account's", async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const other = await signUpAndLogIn(t.app, t.smtp);
    let before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const first = await recoveryToken(user.email, before);
    before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const second = await recoveryToken(user.email, before);
    before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: other.email });
    const otherToken = await recoveryToken(other.email, before);

    expect((await newPassword(second)).statusCode).toBe(200);
    expect((await checkLink(first)).statusCode).toBe(400);
    const reused = await newPassword(first, 'Ander#Pass2');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(LINK_INVALID);
    expect((await checkLink(otherToken)).statusCode).toBe(200);
  });

  it('checks a link when its page opens: the same refusal for a fake, used, expired or other site’s link', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    let before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const used = await recoveryToken(user.email, before);
    before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const usable = await recoveryToken(user.email, before);

    const valid = await checkLink(usable);
    expect(valid.json()).toEqual({ status: 200, message: 'Success', data: null });
    // Checking does not spend the link.
    expect((await checkLink(usable)).statusCode).toBe(200);

    const elsewhere = await checkLink(usable, SECOND_ORIGIN);
    expect((await newPassword(used)).statusCode).toBe(200); // spends `usable` too
    const spent = await checkLink(used);
    const spentWithIt = await checkLink(usable);
    const fake = await checkLink('A'.repeat(43));
    const malformed = await checkLink('short');
    const missing = await checkLink(undefined);
    for (const answer of [elsewhere, spent, spentWithIt, fake, malformed, missing]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(LINK_INVALID);
    }
    expect(spent.json()).toEqual(fake.json());
  });

  it('refuses an expired link (checked and used) and links of another site', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const before = t.smtp.mails.length;
    await post(t.app, '/api/forgotPassword', { emailID: user.email });
    const token = await recoveryToken(user.email, before);
    const elsewhere = await newPassword(token, 'Nuwe#Pass1', SECOND_ORIGIN);
    expect(elsewhere.json().message).toBe(LINK_INVALID);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(
        inArray(
          passwordResetTokens.customerId,
          t.database.db
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.email, user.email)),
        ),
      );
    expect((await checkLink(token)).statusCode).toBe(400);
    expect((await newPassword(token)).statusCode).toBe(400);
  });

  it('limits link checks per client address', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await checkLink('A'.repeat(43), MAIN_ORIGIN, '10.66.0.1')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('mails at most three recovery links an hour to one account, however many requests race', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const answers = await burst(12, '/api/forgotPassword', user.email);
    expect(answers.map((answer) => answer.json())).toEqual(Array(12).fill(SENT));
    await jobsSettled(t.database);
    const [{ links }] = (await t.database.db
      .select({ links: sql<number>`count(*)::int` })
      .from(passwordResetTokens)
      .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
      .where(eq(customers.email, user.email))) as [{ links: number }];
    expect(links).toBe(3);
    await t.smtp.waitFor(() => mailsTo(user.email, /Reset your/).length === 3);
  });

  it('mails the login address for a forgotten user name, at most three times an hour however many requests race', async () => {
    const user = await signUpAndLogIn(t.app, t.smtp);
    const answers = await burst(12, '/api/forgotUserName', user.email);
    expect(answers.map((answer) => answer.json())).toEqual(Array(12).fill(SENT));
    await jobsSettled(t.database);
    const reminders = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, user.email), like(mailOutbox.kind, 'user-name-reminder-%')),
      );
    expect(reminders).toHaveLength(3);
    const reminder = await t.smtp.waitFor(
      (mail) => mail.to.includes(user.email) && mail.subject === 'Your Nimbus Africa Cloud login',
    );
    expect(reminder.text).toContain(user.email);
    // Another account's reminder is not held back by this one's cap.
    const other = await signUpAndLogIn(t.app, t.smtp);
    await post(t.app, '/api/forgotUserName', { emailID: other.email });
    await t.smtp.waitFor((mail) => mail.to.includes(other.email) && /login$/.test(mail.subject));
  });
});
