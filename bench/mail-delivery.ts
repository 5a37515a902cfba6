import { randomBytes } from 'node:crypto';
// Mail delivery (issue 9): a backlog of bulk mail with one login code queued last, written through
// the real MailService on a fresh embedded database and delivered by the portal's own workers to a
// local SMTP receiver (bench/smtp-sink.ts). `node --import tsx bench/mail-delivery.ts` runs it alone.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/seed/migrate-and-seed-demo';
import { startJobQueue } from '../apps/api/src/jobs/job-queue';
import { registerWorkers } from '../apps/api/src/workers';
import { createMailService, type OutgoingMail } from '../apps/api/src/mail/mail-service';
import { createMailTransport } from '../apps/api/src/mail/mail-transport';

export const MAIL_BACKLOG = Number(process.env.BENCH_MAILS ?? 500);
export const TARGET_MAILS_PER_SECOND = 50;
/** "Within a few seconds", behind the whole backlog. */
export const TARGET_CODE_LATENCY_MS = 2_000;

export type MailDeliveryResult = {
  mails: number;
  queuedPerSecond: number;
  deliveredPerSecond: number;
  codeLatencyMs: number;
  /** The code's place among the mails received (1 = first), with the whole backlog queued before it. */
  codeArrivedAs: number;
  passed: { throughput: boolean; codeLatency: boolean };
};

const MAIL_FROM = 'Bench <no-reply@bench.example>';
const bulkMail = (index: number): OutgoingMail => ({
  companyId: null,
  kind: 'newsletter-issue',
  senderName: 'Nimbus Africa Cloud',
  to: `reader${index}@example.com`,
  subject: `Cloud news ${index}`,
  html: `<p>Issue ${index}: new regions and prices.</p>`,
  text: `Issue ${index}: new regions and prices.`,
});

/** The SMTP sink in its own process: its URL, and a wait for the n-th mail to a recipient. */
async function startSmtpSink() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'smtp-sink.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  const arrivals: string[] = [];
  let onArrival = () => {};
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { port?: number; received?: string[] }) => {
      if (message.port) resolve(message.port);
      if (message.received) {
        arrivals.push(...message.received);
        onArrival();
      }
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    /** Resolves once `isDone()` holds, checked at every arrival. */
    until: (isDone: () => boolean, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('mail did not arrive in time')), timeoutMs);
        onArrival = () => {
          if (!isDone()) return;
          clearTimeout(timer);
          resolve();
        };
        onArrival();
      }),
    close: () => child.disconnect(),
  };
}

const CODE_RECIPIENT = 'waiting.customer@example.co.za';

export async function measureMailDelivery(): Promise<MailDeliveryResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-mail-'));
  const smtp = await startSmtpSink();
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await prepareDatabase(database);
  const jobs = await startJobQueue(database, (error) => console.error('job queue', error));
  const transport = createMailTransport(smtp.url);
  try {
    const mail = createMailService(database.db, jobs, MAIL_FROM);
    const queueStarted = performance.now();
    for (let index = 0; index < MAIL_BACKLOG; index += 1) await mail.send(bulkMail(index));
    await mail.send({
      ...bulkMail(-1),
      kind: 'login-code-login',
      to: CODE_RECIPIENT,
      subject: 'Your Nimbus Africa Cloud code: 482913',
    });
    const queuedPerSecond = (MAIL_BACKLOG + 1) / ((performance.now() - queueStarted) / 1000);

    // The workers start with everything waiting: a burst of bulk mail, then someone logging in.
    const deliveryStarted = performance.now();
    await registerWorkers(jobs, {
      db: database.db,
      mailTransport: transport,
      mailFrom: MAIL_FROM,
      credentialsKey: randomBytes(32),
      simulatorOperationMs: 0,
      dataDir: os.tmpdir(),
      uploadsDir: os.tmpdir(),
    });
    await smtp.until(() => smtp.arrivals.includes(CODE_RECIPIENT), 60_000);
    const codeLatencyMs = performance.now() - deliveryStarted;
    const codeArrivedAs = smtp.arrivals.indexOf(CODE_RECIPIENT) + 1;
    await smtp.until(() => smtp.arrivals.length >= MAIL_BACKLOG + 1, 120_000);
    const deliveredPerSecond = (MAIL_BACKLOG + 1) / ((performance.now() - deliveryStarted) / 1000);
    return {
      mails: MAIL_BACKLOG + 1,
      queuedPerSecond,
      deliveredPerSecond,
      codeLatencyMs,
      codeArrivedAs,
      passed: {
        throughput: deliveredPerSecond >= TARGET_MAILS_PER_SECOND,
        codeLatency: codeLatencyMs <= TARGET_CODE_LATENCY_MS,
      },
    };
  } finally {
    await jobs.stop();
    transport.close();
    smtp.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeMailDelivery(result: MailDeliveryResult): string[] {
  const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  return [
    `Mail delivery (embedded database, local SMTP receiver): ${result.mails} mails queued through MailService at ${result.queuedPerSecond.toFixed(0)}/s`,
    `  delivered ${result.deliveredPerSecond.toFixed(0)} mails/s (target ≥ ${TARGET_MAILS_PER_SECOND}) ${verdict(result.passed.throughput)}`,
    `  a login code queued behind ${result.mails - 1} bulk mails arrived after ${result.codeLatencyMs.toFixed(0)} ms, as mail ${result.codeArrivedAs} of ${result.mails} (target ≤ ${TARGET_CODE_LATENCY_MS} ms) ${verdict(result.passed.codeLatency)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureMailDelivery();
  for (const line of describeMailDelivery(result)) console.log(line);
  if (!result.passed.throughput || !result.passed.codeLatency) process.exitCode = 1;
}
