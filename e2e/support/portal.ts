import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client';
import { resolveCredentialsKey } from '../../apps/api/src/lib/credentials-key';
import { migrateAndSeedDemo } from '../../apps/api/src/seed/migrate-and-seed-demo';
import { companies } from '../../apps/api/src/db/schema/company';
import { startJobQueue } from '../../apps/api/src/jobs/job-queue';
import { registerWorkers } from '../../apps/api/src/workers';
import { createMailTransport } from '../../apps/api/src/mail/mail-transport';
import { reservePort } from '../../apps/api/test/support/free-port';
import { startSmtpReceiver, type SmtpReceiver } from '../../apps/api/test/support/smtp-receiver';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Portal = {
  /** The demo company's address (localhost). */
  url: string;
  /** The same portal as the second demo company sees it (127.0.0.2). */
  secondUrl: string;
  database: DatabaseHandle;
  /** Seals the companies' gateway credentials (a test configures a gateway with it). */
  credentialsKey: Buffer;
  /** Every mail the portal sent, as a real SMTP server received it. */
  mail: SmtpReceiver;
  setCompany: (slug: string, values: Partial<typeof companies.$inferInsert>) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Starts the whole portal, as `npm start` does, on a free port with a fresh embedded database:
 * the built web app (npm run build first) and the API. The test keeps the database handle to put
 * a company into maintenance and back.
 */
export async function startPortal(): Promise<Portal> {
  // E2E_WEB_DIST_DIR lets several builds be tested side by side (e.g. `vite build --outDir`).
  const webDistDir = process.env.E2E_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does).');
  }
  // Held until the portal listens: seeding takes seconds, and parallel spec files (and their
  // browsers' outgoing connections) would otherwise be free to take the port meanwhile.
  const reservation = await reservePort();
  const { port } = reservation;
  const smtp = await startSmtpReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '0.0.0.0',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    COMPANY_CACHE_SECONDS: '0',
    SMTP_URL: smtp.url,
    SIMULATOR_OPERATION_MS: process.env.E2E_SIMULATOR_OPERATION_MS ?? '3000',
  });
  const database = await openDatabase({ kind: 'pglite' });
  await migrateAndSeedDemo(database, config);
  const jobs = await startJobQueue(database, (error) => console.error('job queue', error));
  const mailTransport = createMailTransport(config.smtpUrl, () => {});
  await registerWorkers(jobs, {
    db: database.db,
    mailTransport,
    mailFrom: config.mailFrom,
    credentialsKey: resolveCredentialsKey(config),
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    simulatorOperationMs: config.simulatorOperationMs,
  });
  const app: FastifyInstance = await buildApp({ config, db: database.db, jobs });
  await reservation.release();
  await app.listen({ port, host: config.host });

  return {
    url: config.publicUrl,
    secondUrl: `http://127.0.0.2:${port}`,
    database,
    credentialsKey: resolveCredentialsKey(config),
    setCompany: async (slug, values) => {
      await database.db.update(companies).set(values).where(eq(companies.slug, slug));
    },
    mail: smtp,
    close: async () => {
      await app.close();
      await jobs.stop();
      mailTransport.close();
      await smtp.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
