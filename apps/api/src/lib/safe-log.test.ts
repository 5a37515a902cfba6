import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startJobQueue, type JobQueue } from '../jobs/job-queue';
import { createTestDatabase } from '../../test/support/test-app';
import type { DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { describeError, escapeForLog, serializeError } from './safe-log';

const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$hunter2hashvalue';
const SECRET_EMAIL = 'thandi.secret@example.co.za';
const SECRET_PHONE = '825550199';

describe('serializeError', () => {
  it("keeps a failed query's text and SQLSTATE, never its parameters or the row", () => {
    const cause = Object.assign(
      new Error(`duplicate key value violates unique constraint "customers_email_key"`),
      {
        code: '23505',
        detail: `Key (email)=(${SECRET_EMAIL}) already exists.`,
        table: 'customers',
        constraint: 'customers_email_key',
      },
    );
    const failed = Object.assign(
      new Error(
        `Failed query: insert into customers values ($1, $2, $3)\nparams: ${SECRET_HASH},${SECRET_EMAIL},${SECRET_PHONE}`,
      ),
      {
        name: 'DrizzleQueryError',
        query: 'insert into customers values ($1, $2, $3)',
        params: [SECRET_HASH, SECRET_EMAIL, SECRET_PHONE],
        cause,
      },
    );
    const logged = serializeError(failed);
    const text = JSON.stringify(logged) + describeError(failed);
    for (const secret of [SECRET_HASH, SECRET_EMAIL, SECRET_PHONE, 'hunter2']) {
      expect(text).not.toContain(secret);
    }
    expect(logged).toMatchObject({
      message: 'Failed query',
      query: 'insert into customers values ($1, $2, $3)',
      cause: { code: '23505', table: 'customers', constraint: 'customers_email_key' },
    });
  });

  it('drops values a message quotes and addresses it names, and escapes control characters', () => {
    const logged = serializeError(
      new Error(
        `invalid input syntax for type integer: "${SECRET_PHONE}" from ${SECRET_EMAIL} \u001b[31m`,
      ),
    );
    expect(logged.message).toBe('invalid input syntax for type integer: "…" from …@… \\u001b[31m');
    expect(escapeForLog('a\u0000b\u007fc\u009bd\u2028e\tf')).toBe(
      'a\\u0000b\\u007fc\\u009bd\\u2028e\\u0009f',
    );
  });

  it('logs a non-Error without its value', () => {
    expect(serializeError({ password: SECRET_HASH })).toEqual({
      type: 'object',
      message: '(not an Error; value not logged)',
      stack: '',
    });
  });
});

describe('the log of a running app', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  let jobs: JobQueue;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-log-'));
    ({ database, dispose } = await createTestDatabase());
    // The job queue's own tables (pg-boss's, and job_leases on PostgreSQL) come with the migrations.
    await migrateDatabase(database);
    await database.db.execute(sql`create table log_probe (email text primary key)`);
    jobs = await startJobQueue(database, () => {});
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    app = await buildApp({
      config,
      db: database.db,
      jobs,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const db = database.db;
    app.post('/api/test/typed', async () => db.execute(sql`select ${SECRET_PHONE + 'x'}::int`));
    app.post('/api/test/duplicate', async () => {
      await db.execute(sql`insert into log_probe (email) values (${SECRET_EMAIL})`);
      await db.execute(sql`insert into log_probe (email) values (${SECRET_EMAIL})`);
    });
    app.post('/api/test/nul', async () =>
      db.execute(
        sql`insert into log_probe (email) values (${`${SECRET_HASH}\u0000\u001b[2J\u009b`})`,
      ),
    );
  });
  afterAll(async () => {
    await app.close();
    await jobs.stop();
    await dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs a failed query without the values it was given', async () => {
    for (const url of ['/api/test/typed', '/api/test/duplicate', '/api/test/nul']) {
      lines.length = 0;
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(500);
      const log = lines.join('');
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.err);
      expect(failure?.msg, url).toBe('request failed');
      expect(failure.err.message).toBe('Failed query');
      expect(failure.err.query).toContain('$1');
      expect(failure.err.cause.code, url).toMatch(/^[0-9A-Z]{5}$/);
      for (const secret of [SECRET_HASH, 'hunter2', SECRET_EMAIL, SECRET_PHONE, 'params']) {
        expect(log, `${url} logged ${secret}`).not.toContain(secret);
      }
    }
  });

  it('never writes a control character a client sent', async () => {
    lines.length = 0;
    await app.inject({ method: 'POST', url: '/api/test/nul' });
    await app.inject({ method: 'GET', url: '/api/health?q=\u009b31m\u001b[2J' });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(line.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    }
    expect(lines.map((line) => JSON.parse(line).url).filter(Boolean)).toContain(
      '/api/health?q=%C2%9B31m%1B[2J',
    );

    // Raw bytes like these never reach a route: Node's parser refuses them, in the envelope.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          Buffer.concat([
            Buffer.from('GET /api/health?q='),
            Buffer.from([0x9b]),
            Buffer.from('31m HTTP/1.1\r\nHost: localhost\r\n\r\n'),
          ]),
        ),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"status":400');
  });
});
