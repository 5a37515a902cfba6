import type { Config } from './config';
import type { Database } from './db/client';
import type { MailService } from './mail/mail-service';
import type { CompanyDirectory } from './tenancy/company-directory';

/** What route modules are given: nothing reaches for globals. */
export type AppDeps = {
  config: Config;
  db: Database;
  companies: CompanyDirectory;
  mail: MailService;
  /** DATA_DIR/uploads, served under /uploads. */
  uploadsDir: string;
  /** Signs access tokens, CSRF tokens and one-time codes. */
  sessionSecret: string;
};
