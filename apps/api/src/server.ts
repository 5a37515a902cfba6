import pino from 'pino';
import { buildApp } from './app';
import { startCacheSignals } from './cache/cache-signals';
import { startJobQueue } from './jobs/job-queue';
import { registerWorkers } from './workers';
import { createMailTransport } from './mail/mail-transport';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-configured-database';
import { prepareDatabase } from './seed/migrate-and-seed-demo';
import { whileSettingUp } from './db/migrate';
import { hasAnyCompany, seedDemoCompanies } from './seed/seed';
import { describeDemoOwnerLink } from './seed/demo-owner';
import { describeError } from './lib/safe-log';
import { BatchedLogStream } from './lib/batched-log-stream';
import { loadSessionSecret } from './modules/accounts/session-secret';
import { loadCredentialsKey } from './lib/credentials-key';

/** Starts the portal: configuration, database, migrations, first-run seed, then one HTTP port. */
async function start(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const credentialsKey = await whileSettingUp(database, async () => {
    await prepareDatabase(database);
    // Secrets every process on this database shares (README, "Running several processes").
    const key = await loadCredentialsKey(database.db, config);
    config.credentialsKey = key;
    const sessionSecret = await loadSessionSecret(database.db, config);
    config.sessionSecret = sessionSecret.secret;
    if (sessionSecret.source === 'created' || sessionSecret.source === 'adopted')
      console.log(
        `Session secret: ${sessionSecret.source === 'created' ? 'generated' : 'moved from DATA_DIR/session-secret'} into the database (portal_secrets), shared by every process on it; SESSION_SECRET overrides it.`,
      );
    if (config.seedDemo === 'auto' && !(await hasAnyCompany(database.db))) {
      const owner = await seedDemoCompanies(database.db, config);
      console.log('First start: seeded the demo companies.');
      if (owner) console.log(describeDemoOwnerLink(owner));
    }
    return key;
  });

  // Buffered: one write a few kilobytes instead of one a request; flushed when the process ends.
  const logStream = new BatchedLogStream(
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
  process.once('exit', () => logStream.flushSync());
  const jobs = await startJobQueue(
    database,
    (error) => console.error('Job queue error:', describeError(error)),
    { leaseSeconds: config.jobLeaseSeconds },
  );
  const mailTransport = createMailTransport(config.smtpUrl);
  await registerWorkers(jobs, {
    db: database.db,
    mailTransport,
    mailFrom: config.mailFrom,
    credentialsKey,
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    simulatorOperationMs: config.simulatorOperationMs,
    queues: config.jobWorkers,
    expirySweep: { archiveGraceDays: config.vmArchiveGraceDays, scheduler: jobs },
  });
  if (mailTransport.kind === 'console')
    console.log(
      'No SMTP_URL: mails are printed here (mail_outbox keeps their record, not their body).',
    );

  const cacheSignals = await startCacheSignals(database);
  const app = await buildApp({ config, db: database.db, jobs, logStream, cacheSignals });
  app.addHook('onClose', async () => {
    await cacheSignals.stop();
    await jobs.stop();
    mailTransport.close();
    await database.close();
  });

  // Requests in flight finish, new ones are answered 503, then the jobs and the database stop.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.shutDownGracefully().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `\nCloud Portal is running at ${config.publicUrl}  (API docs: ${config.publicUrl}/api/docs)\n`,
  );
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : describeError(error));
  process.exit(1);
});
