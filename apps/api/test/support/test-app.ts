import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { startCacheSignals } from '../../src/cache/cache-signals';
import { startJobQueue, type JobQueue } from '../../src/jobs/job-queue';
import { registerWorkers } from '../../src/workers';
import { createMailTransport } from '../../src/mail/mail-transport';
import { startSmtpReceiver } from './smtp-receiver';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { migrateAndSeedDemo } from '../../src/seed/migrate-and-seed-demo';
import { resolveCredentialsKey } from '../../src/lib/credentials-key';
import type { GatewayHttp } from '../../src/payments/gateway';

export const MAIN_ORIGIN = 'http://localhost:3000';
export const SECOND_ORIGIN = 'http://127.0.0.2:3000';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The app's job queue (what settlement is given to send its jobs). */
  jobs: JobQueue;
  close: () => Promise<void>;
};

/**
 * A migrated, seeded database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase({ maxConnections = 4 } = {}): Promise<{
  database: DatabaseHandle;
  dispose: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close() };
  }
  const name = `cp_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections });
  return {
    database,
    dispose: async () => {
      await database.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists "${name}" with (force)`);
      await cleaner.end();
    },
  };
}

/** The app with a real SMTP receiver: every mail it sends arrives in `smtp`. */
export async function createTestAppWithMail(
  environment: Record<string, string> = {},
  options: { maxConnections?: number; logStream?: DestinationStream } = {},
) {
  const smtp = await startSmtpReceiver();
  const testApp = await createTestApp({ SMTP_URL: smtp.url, ...environment }, options);
  return {
    ...testApp,
    smtp,
    close: async () => {
      await testApp.close();
      await smtp.close();
    },
  };
}

/** `maxConnections`: the PostgreSQL pool, larger for tests whose requests must really overlap. */
/**
 * The app with mail, listening on a real port of 127.0.0.1, for bursts of truly concurrent
 * requests: TRUST_PROXY lets each request come from an address of its own (X-Forwarded-For), so
 * the per-address rate limits do not hide the limits under test, and a pool large enough for the
 * requests to overlap on PostgreSQL.
 */
export async function createListeningTestApp() {
  const testApp = await createTestAppWithMail({ TRUST_PROXY: 'true' }, { maxConnections: 24 });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...testApp, port: (testApp.app.server.address() as AddressInfo).port };
}

export async function createTestApp(
  environment: Record<string, string> = {},
  options: {
    maxConnections?: number;
    gatewayHttp?: GatewayHttp;
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: MAIN_ORIGIN,
    PORT: '3000',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    COMPANY_CACHE_SECONDS: '0',
    ...environment,
  });
  const { database, dispose } = await createTestDatabase(options);
  await migrateAndSeedDemo(database, config);
  const jobs = await startJobQueue(database, () => {});
  const mailTransport = createMailTransport(config.smtpUrl, () => {});
  await registerWorkers(jobs, {
    db: database.db,
    mailTransport,
    mailFrom: config.mailFrom,
    credentialsKey: resolveCredentialsKey(config),
    gatewayHttp: options.gatewayHttp,
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    simulatorOperationMs: config.simulatorOperationMs,
  });
  const cacheSignals = await startCacheSignals(database, { log: () => {} });
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    gatewayHttp: options.gatewayHttp,
    logStream: options.logStream,
    cacheSignals,
  });
  return {
    app,
    database,
    config,
    jobs,
    close: async () => {
      await app.close();
      await cacheSignals.stop();
      await jobs.stop();
      mailTransport.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON as a browser on `origin` would (Origin header set). */
export function postJson(app: FastifyInstance, url: string, body: unknown, origin = MAIN_ORIGIN) {
  return app.inject({ method: 'POST', url, payload: body as object, headers: { origin } });
}
