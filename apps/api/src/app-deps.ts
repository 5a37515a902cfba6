import type { CacheSignals } from './cache/cache-signals';
import type { CustomerCaches } from './modules/accounts/customer-caches';
import type { Config } from './config';
import type { Database } from './db/client';
import type { HypervisorConnector } from './hypervisors/company-hypervisors';
import type { JobQueue } from './jobs/job-queue';
import type { MailService } from './mail/mail-service';
import type { GatewayHttp } from './payments/gateway';
import type { CompanyDirectory } from './tenancy/company-directory';

/** What route modules are given: nothing reaches for globals. */
export type AppDeps = {
  config: Config;
  db: Database;
  companies: CompanyDirectory;
  /** The database's change signals: caches drop what a write changed (ADR 021). */
  cacheSignals: CacheSignals;
  /** Signed-in customers' sessions and read answers, kept until their data changes. */
  customerCaches: CustomerCaches;
  mail: MailService;
  /** Background jobs (pg-boss): work a request hands off, such as account recovery. */
  jobs: JobQueue;
  /** DATA_DIR/uploads, served under /uploads. */
  uploadsDir: string;
  /** Signs access tokens, CSRF tokens and one-time codes. */
  sessionSecret: string;
  /** Seals and opens the companies' gateway credentials (never stored beside them). */
  credentialsKey: Buffer;
  /** HTTP to payment gateways, with a deadline. */
  gatewayHttp: GatewayHttp;
  /** The company's connection to the hypervisor a product's service type runs on. */
  hypervisors: HypervisorConnector;
};
