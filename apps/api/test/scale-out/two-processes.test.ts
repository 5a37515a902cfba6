// Two real portal processes on one PostgreSQL database and one Redis, as README "Running several
// processes" sets them up, and requests alternating between them (issue 13). Runs in the
// PostgreSQL leg of `npm test` (skipped without DATABASE_URL); with nginx installed, also through
// the README's nginx configuration (deploy/nginx/cloud-portal.conf).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { companies } from '../../src/db/schema/company';
import { mailOutbox } from '../../src/db/schema/mail';
import { virtualMachines } from '../../src/db/schema/virtual-machines';
import { companyIdOf, insertVm } from '../support/lifecycle-fixtures';
import { multipartBody } from '../support/multipart';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../support/smtp-receiver';
import { validSignUp } from '../support/accounts';
import { Browser, send, type Answer, type Target } from './http-client';
import { findNginx, startNginx, type RunningNginx } from './nginx';
import { freePort } from '../support/free-port';
import {
  createThrowawayDatabase,
  startPortalProcess,
  waitFor,
  type PortalProcess,
} from './portal-process';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.CI_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The documented bound of a company change (README: COMPANY_CACHE_SECONDS, default 10). */
const COMPANY_CACHE_SECONDS = 10;
/** This run's Redis keys (REDIS_KEY_PREFIX): counters of no other run or portal, removed after. */
const REDIS_KEY_PREFIX = `cp-scale-out-${process.pid}-${randomBytes(4).toString('hex')}-`;
const NGINX = findNginx();

let throwaway: { url: string; drop: () => Promise<void> };
let database: DatabaseHandle;
let smtp: SmtpReceiver;
let redis: Redis;
let tempDir: string;
let site: { origin: string; host: string };
let a: PortalProcess;
let b: PortalProcess;
let proxy: (Target & RunningNginx) | undefined;
let companyId: number;

/** A client address of its own (127/8: a proxied client can connect from it too). */
const freshClientAddress = () =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const browser = () => new Browser(site, freshClientAddress());

/** The mails to `email` whose subject matches, as received so far. */
const mailsTo = (email: string, subject: RegExp) =>
  smtp.mails.filter((mail) => mail.to.includes(email) && subject.test(mail.subject));

async function nextMail(email: string, subject: RegExp, seen: number): Promise<ReceivedMail> {
  await smtp.waitFor(() => mailsTo(email, subject).length > seen);
  return mailsTo(email, subject)[seen]!;
}

const CODE_SUBJECT = /code: \d{6}$/;

/** Sign-up on `first`, the mailed code entered on `second`: a logged-in customer. */
async function signUp(first: Target, second: Target) {
  const customer = browser();
  const details = validSignUp();
  const added = await customer.post(first, '/api/adduser', details);
  expect(added.status, added.text()).toBe(200);
  const code = (await nextMail(details.emailID, CODE_SUBJECT, 0)).subject.slice(-6);
  const verified = await customer.post(second, '/api/twoFactorAuth', {
    emailID: details.emailID,
    ID: added.json().data.ID,
    OTP: code,
  });
  expect(verified.status, verified.text()).toBe(200);
  return {
    customer,
    id: verified.json().data[0].ID as number,
    email: details.emailID,
    password: details.password,
  };
}

/** A second login of the same customer, password on `first`, code on `second`. */
async function logIn(email: string, password: string, first: Target, second: Target) {
  const customer = browser();
  const seen = mailsTo(email, CODE_SUBJECT).length;
  const pending = await customer.post(first, '/api/login', { emailID: email, password });
  expect(pending.status, pending.text()).toBe(200);
  const code = (await nextMail(email, CODE_SUBJECT, seen)).subject.slice(-6);
  const verified = await customer.post(second, '/api/twoFactorAuth', {
    emailID: email,
    ID: pending.json().data.ID,
    OTP: code,
  });
  expect(verified.status, verified.text()).toBe(200);
  return customer;
}

const statusOf = (answer: Answer) => answer.status;

beforeAll(async () => {
  if (!DATABASE_URL) return;
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((error: Error) => {
    throw new Error(`this test needs Redis at ${REDIS_URL} (CI_REDIS_URL): ${error.message}`);
  });
  throwaway = await createThrowawayDatabase(DATABASE_URL);
  database = await openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 2 });
  smtp = await startSmtpReceiver();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-scale-out-'));
  const proxyPort = await freePort();
  // The address customers use: the reverse proxy's (the processes' own ports are never public).
  site = { origin: `http://localhost:${proxyPort}`, host: `localhost:${proxyPort}` };

  // README "Running several processes": the same DATABASE_URL, REDIS_URL, CREDENTIALS_KEY,
  // PUBLIC_URL and UPLOADS_DIR on every process, TRUST_PROXY=true, and no SESSION_SECRET: the
  // processes share the one kept in the database. Each has a DATA_DIR of its own.
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: throwaway.url,
    REDIS_URL,
    REDIS_KEY_PREFIX,
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    SESSION_SECRET: '',
    PUBLIC_URL: site.origin,
    TRUST_PROXY: 'true',
    UPLOADS_DIR: path.join(tempDir, 'shared-uploads'),
    SMTP_URL: smtp.url,
    JOB_WORKERS: 'all',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(tempDir, 'no-web-build'),
    COMPANY_CACHE_SECONDS: String(COMPANY_CACHE_SECONDS),
  };
  a = await startPortalProcess('process A', { ...shared, DATA_DIR: path.join(tempDir, 'a') });
  b = await startPortalProcess('process B', { ...shared, DATA_DIR: path.join(tempDir, 'b') });
  companyId = await companyIdOf(database.db, site.origin);
  if (NGINX) proxy = await startNginx(NGINX, tempDir, proxyPort, [a.port, b.port]);
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  if (redis) {
    const keys = await redis.keys(`${REDIS_KEY_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await smtp?.close();
  await database?.close();
  await throwaway?.drop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!DATABASE_URL)('two portal processes on one PostgreSQL and one Redis', () => {
  it('share the session secret: a customer logged in on A is logged in on B', async () => {
    const { customer } = await signUp(a, b);
    for (const target of [a, b, a, b]) {
      expect(statusOf(await customer.get(target, '/api/auth/session')), target.name).toBe(200);
    }
    // No SESSION_SECRET: A, the first to start, generated it into the database; B read it there.
    expect(a.output()).toMatch(/Session secret: generated into the database/);
    expect(b.output()).not.toMatch(/Session secret/);
  });

  it('a logout on A is a 401 on B at the next request', async () => {
    const { customer } = await signUp(b, a);
    const stolen = customer.copy();
    expect(statusOf(await stolen.get(b, '/api/auth/session'))).toBe(200);
    const loggedOut = await customer.post(a, '/api/auth/logout', {});
    expect(loggedOut.status, loggedOut.text()).toBe(200);
    expect(statusOf(await stolen.get(b, '/api/auth/session'))).toBe(401);
    expect(statusOf(await stolen.get(a, '/api/auth/session'))).toBe(401);
  });

  it('a password reset on one process ends the sessions of both', async () => {
    const user = await signUp(a, b);
    const onB = await logIn(user.email, user.password, b, b);
    for (const [session, target] of [
      [user.customer, b],
      [onB, a],
    ] as const) {
      expect(statusOf(await session.get(target, '/api/auth/session'))).toBe(200);
    }
    const resetSubject = /^Reset your /;
    const forgot = await browser().post(a, '/api/forgotPassword', { emailID: user.email });
    expect(forgot.status, forgot.text()).toBe(200);
    const mail = await nextMail(user.email, resetSubject, 0);
    const token = mail.text.match(/\/recoverpassword\?token=([\w-]+)/)![1]!;
    const updated = await browser().post(b, '/api/updatePassword', {
      password: 'Nuwe#Pass2026',
      confirmPassword: 'Nuwe#Pass2026',
      queryStringValue: token,
    });
    expect(updated.status, updated.text()).toBe(200);
    for (const session of [user.customer, onB]) {
      for (const target of [a, b]) {
        expect(statusOf(await session.get(target, '/api/auth/session')), target.name).toBe(401);
      }
    }
  });

  it('a VM blocked in the database is refused on both at once and shown blocked on B', async () => {
    const { customer, id } = await signUp(a, b);
    const vm = await insertVm(database.db, {
      companyId,
      customerId: id,
      endsAt: new Date(Date.now() + 20 * 86_400_000),
      machineUuid: randomUUID(),
    });
    const view = (target: Target) =>
      customer.post(target, '/api/vmAction/viewVM', { virDomainUUID: vm.machineUuid, ID: vm.id });
    const listed = async (target: Target) => {
      const answer = await customer.get(target, '/api/vmAction/activeVMs');
      expect(answer.status, answer.text()).toBe(200);
      const row = (answer.json().data.rows as { ID: number; isBlocked: unknown }[]).find(
        (entry) => entry.ID === vm.id,
      );
      expect(row, `${target.name} lists the VM`).toBeDefined();
      return Boolean(row!.isBlocked);
    };
    // Both processes have answered for this customer and this VM before the change.
    for (const target of [a, b]) {
      expect(await listed(target), target.name).toBe(false);
      expect(statusOf(await view(target)), target.name).not.toBe(403);
    }

    await database.db
      .update(virtualMachines)
      .set({ isBlocked: true })
      .where(eq(virtualMachines.id, vm.id));

    expect(await listed(b)).toBe(true);
    for (const target of [a, b]) {
      const refused = await view(target);
      expect(refused.status, `${target.name}: ${refused.text()}`).toBe(403);
      const power = await customer.post(target, '/api/vmAction/startVM', {
        virDomainUUID: vm.machineUuid,
      });
      expect(power.status, target.name).toBe(403);
    }
    expect(await listed(a)).toBe(true);
  });

  it('a mail job queued by A is delivered once, whichever process picks it up', async () => {
    const { email } = await signUp(a, b);
    const reminder = /login$/;
    const client = browser();
    for (const target of [a, a, a]) {
      const queued = await client.post(target, '/api/forgotUserName', { emailID: email });
      expect(queued.status, queued.text()).toBe(200);
    }
    const sent = await waitFor(
      'three reminders sent',
      async () => {
        const rows = await database.db
          .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.toAddress, email),
              // Each request's reminder is a kind of its own (ADR 025): user-name-reminder-<request id>.
              like(mailOutbox.kind, 'user-name-reminder%'),
            ),
          );
        return rows.length === 3 && rows.every((row) => row.status === 'sent') ? rows : undefined;
      },
      15_000,
    );
    expect(sent.map((row) => row.attempts)).toEqual([1, 1, 1]);
    await smtp.waitFor(() => mailsTo(email, reminder).length >= 3);
    expect(mailsTo(email, reminder)).toHaveLength(3);
  });

  it('an image uploaded through A is served by B', async () => {
    const { customer } = await signUp(a, b);
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#12b886' },
    })
      .png()
      .toBuffer();
    const body = multipartBody({}, [
      { field: 'image', filename: 'me.png', contentType: 'image/png', content: png },
    ]);
    const saved = await customer.request(a, '/api/profileSetting/updateProfileImage', {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    expect(saved.status, saved.text()).toBe(200);
    const imagePath = saved.json().data.imagePath as string;
    const fromB = await send(b, imagePath);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.body.equals((await send(a, imagePath)).body)).toBe(true);
  });

  it('share the rate limit through Redis', async () => {
    const client = browser();
    const ask = (target: Target) =>
      client.post(target, '/api/forgotUserName', { emailID: 'nobody@example.co.za' });
    // 5 a minute per client address: A, B, A, B, A pass; B's third is the sixth of the address.
    for (const target of [a, b, a, b, a])
      expect(statusOf(await ask(target)), target.name).toBe(200);
    expect(statusOf(await ask(b))).toBe(429);
    expect(statusOf(await ask(a))).toBe(429);
    expect(
      await redis.keys(`${REDIS_KEY_PREFIX}rate-limit:*forgotUserName-${client.clientAddress}`),
    ).toHaveLength(1);
    // Another address is counted on its own.
    const other = browser();
    expect(
      statusOf(await other.post(b, '/api/forgotUserName', { emailID: 'nobody@example.co.za' })),
    ).toBe(200);
  });

  it.skipIf(!NGINX && !process.env.CI_NGINX)(
    "through the README's nginx: Host kept, the client's address counted",
    async () => {
      // CI (CI_NGINX=1) installs nginx: there this part never skips.
      if (!proxy) throw new Error('nginx is not installed (/usr/sbin/nginx)');
      const viaProxy = new Browser(site, freshClientAddress(), true);
      // No Origin header: the company is found from the Host the browser sent, which nginx keeps.
      const configuration = await send(proxy!, '/api/getCompanyConfiguration', {
        method: 'POST',
        headers: { host: site.host },
        localAddress: viaProxy.clientAddress,
      });
      expect(configuration.status, configuration.text()).toBe(200);

      // A login through the proxy holds on whichever process nginx picks.
      const user = await signUp(a, b);
      const proxied = new Browser(site, viaProxy.clientAddress, true);
      for (const [name, value] of user.customer.cookies) proxied.cookies.set(name, value);
      for (let round = 0; round < 4; round += 1) {
        expect(statusOf(await proxied.get(proxy!, '/api/auth/session'))).toBe(200);
      }

      // The limit keys on the address nginx saw, whatever X-Forwarded-For the client sends.
      const ask = (spoofed: string) =>
        viaProxy.request(proxy!, '/api/forgotUserName', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': spoofed },
          body: JSON.stringify({ emailID: 'nobody@example.co.za' }),
        });
      for (let round = 0; round < 5; round += 1) {
        expect(statusOf(await ask(`203.0.113.${round + 1}`))).toBe(200);
      }
      expect(statusOf(await ask('203.0.113.99'))).toBe(429);
      const neighbour = new Browser(site, freshClientAddress(), true);
      expect(
        statusOf(
          await neighbour.post(proxy!, '/api/forgotUserName', { emailID: 'nobody@example.co.za' }),
        ),
      ).toBe(200);
    },
  );

  // Last: the company is in maintenance for a moment.
  it('a maintenance switch takes effect on both within COMPANY_CACHE_SECONDS', async () => {
    const configuration = (target: Target) =>
      browser().post(target, '/api/getCompanyConfiguration', {});
    for (const target of [a, b]) expect(statusOf(await configuration(target))).toBe(200);
    const switchTo = async (isInMaintenance: boolean, status: number) => {
      const started = Date.now();
      await database.db
        .update(companies)
        .set({ isInMaintenance })
        .where(eq(companies.id, companyId));
      await Promise.all(
        [a, b].map((target) =>
          waitFor(
            `${target.name} answering ${status}`,
            async () => ((await configuration(target)).status === status ? true : undefined),
            COMPANY_CACHE_SECONDS * 1000 + 1000,
          ),
        ),
      );
      return Date.now() - started;
    };
    const on = await switchTo(true, 503);
    const maintenance = await configuration(a);
    expect(maintenance.json().status).toBe(300);
    const off = await switchTo(false, 200);
    console.log(`maintenance switch seen by both processes in ${on} ms (on), ${off} ms (off)`);
  }, 40_000);
});
