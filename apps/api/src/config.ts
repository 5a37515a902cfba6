import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { QUEUES, type QueueName } from './jobs/queues';
import { DEFAULT_JOB_LEASE_SECONDS, MIN_JOB_LEASE_SECONDS } from './jobs/job-leases';

/** The repository root: relative paths in the configuration are resolved against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('unset: http://localhost:<PORT>'),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOADS_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('where uploaded images live; every process of a deployment must see the same one'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('no-reply@cloud-portal.local')
    .describe('the sender address of every mail; the display name is the company name'),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CREDENTIALS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const key = /^[0-9a-fA-F]{64}$/.test(value)
        ? Buffer.from(value, 'hex')
        : Buffer.from(value, 'base64');
      if (key.length !== 32) {
        context.addIssue({
          code: 'custom',
          message: 'must be 32 bytes: 64 hex characters or base64',
        });
        return z.NEVER;
      }
      return key;
    }),
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  SIMULATOR_OPERATION_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(3_000)
    .describe("the simulator hypervisor's time per operation (create, start, resize, …)"),
  VM_ARCHIVE_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(7)
    .describe('days an expired VM stays shut off (renewable) before it is archived'),
  JOB_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_JOB_LEASE_SECONDS)
    .max(600)
    .default(DEFAULT_JOB_LEASE_SECONDS)
    .describe('seconds after which a job whose process stopped renewing it runs again (ADR 025)'),
  JOB_WORKERS: z
    .string()
    .default('all')
    .describe("'all', or the comma-separated queues this process works (jobs/queues.ts)"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only, at most 64')
    .default('cloud-portal-')
    .describe("the start of this portal's Redis keys, for portals that share one Redis"),
  LOG_LEVEL: ZLogLevel.default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./apps/web/dist'),
  WEB_SSR_DIR: z
    .string()
    .min(1)
    .optional()
    .describe("the web app's server bundle (ADR 022); default: WEB_DIST_DIR followed by -ssr"),
  SERVER_RENDER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('write visitor pages on the server (ADR 022) when the server bundle is built'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  COMPANY_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  CUSTOMER_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  SEED_DEMO: z
    .enum(['auto', 'never'])
    .default('auto')
    .describe('auto: seed the demo companies when the database has no company'),
});

export type Config = {
  environment: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** UPLOADS_DIR, else DATA_DIR/uploads; served under /uploads (shared by every process). */
  uploadsDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Signs access tokens and one-time codes; SESSION_SECRET, else the database's (server.ts). */
  sessionSecret: string | undefined;
  /** Seals credentials at rest; CREDENTIALS_KEY (required with DATABASE_URL), else DATA_DIR's. */
  credentialsKey: Buffer | undefined;
  /** A pending order not paid within this time expires. */
  orderExpiryMs: number;
  /** The simulator hypervisor's time per operation. */
  simulatorOperationMs: number;
  /** Days after its end date before an expired VM is archived (ADR 017). */
  vmArchiveGraceDays: number;
  /** How long a job stays its process's after the last renewal (ADR 025). */
  jobLeaseSeconds: number;
  /** The job queues this process works; undefined: all of them. */
  jobWorkers: readonly QueueName[] | undefined;
  redisUrl: string | undefined;
  /** The start of every Redis key (rate-limit counters: `<prefix>rate-limit:…`). */
  redisKeyPrefix: string;
  logLevel: z.infer<typeof ZLogLevel>;
  webDistDir: string;
  /** The directory of the web app's server bundle (`entry-server.js`). */
  webSsrDir: string;
  serverRender: boolean;
  trustProxy: boolean;
  companyCacheMs: number;
  /** Longest a signed-in customer's session or read answer is kept (writes drop it at once). */
  customerCacheMs: number;
  seedDemo: 'auto' | 'never';
};

export class ConfigError extends Error {}

function parseJobWorkers(value: string): readonly QueueName[] | undefined {
  if (value.trim() === 'all') return undefined;
  const known = Object.values(QUEUES) as string[];
  const queues = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = queues.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new ConfigError(
      `Invalid configuration:\n  JOB_WORKERS: unknown queue(s) ${unknown.join(', ')}; known: ${known.join(', ')}`,
    );
  return queues as QueueName[];
}

/**
 * Parses the environment once. Nothing else in the code reads `process.env`. Fails with every
 * bad variable listed, so a misconfigured deployment stops at start-up, not at the first request.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvironment.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    environment: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR),
    uploadsDir: path.resolve(REPO_ROOT, env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads')),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    sessionSecret: env.SESSION_SECRET,
    credentialsKey: env.CREDENTIALS_KEY,
    orderExpiryMs: env.ORDER_EXPIRY_MINUTES * 60_000,
    simulatorOperationMs: env.SIMULATOR_OPERATION_MS,
    vmArchiveGraceDays: env.VM_ARCHIVE_GRACE_DAYS,
    jobLeaseSeconds: env.JOB_LEASE_SECONDS,
    jobWorkers: parseJobWorkers(env.JOB_WORKERS),
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR),
    webSsrDir: path.resolve(REPO_ROOT, env.WEB_SSR_DIR ?? `${env.WEB_DIST_DIR}-ssr`),
    serverRender: env.SERVER_RENDER,
    trustProxy: env.TRUST_PROXY,
    companyCacheMs: env.COMPANY_CACHE_SECONDS * 1000,
    customerCacheMs: env.CUSTOMER_CACHE_SECONDS * 1000,
    seedDemo: env.SEED_DEMO,
  };
}
