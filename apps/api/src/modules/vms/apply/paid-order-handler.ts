import type { Database } from '../../../db/client';
import type { OrderRow } from '../../../db/schema/orders';
import type { HypervisorConnector } from '../../../hypervisors/company-hypervisors';
import type { MailService } from '../../../mail/mail-service';
import type { Company } from '../../../tenancy/company-directory';

/** What a paid order's job needs: the database, mail, the hypervisor connection and a clock. */
export type ApplyDeps = {
  db: Database;
  mail: MailService;
  /** The connection to the company's hypervisor a service type runs on. */
  connect: HypervisorConnector;
  now?: () => Date;
};

/**
 * A paid order as the dispatcher read it, once per run: the order, its company, its customer's
 * email, and where an earlier run left its `vm_requests` row (null when it has none).
 */
export type PaidOrder = {
  order: OrderRow;
  company: Company;
  email: string;
  requestStatus: string | null;
};

export type ApplyOutcome =
  /** Applied (now or before; a new machine runs) and the customer was told once. */
  | { status: 'running' }
  /** Given up: the customer (and the company) were told once; payment rows stay as they are. */
  | { status: 'failed' }
  /** Not done yet: run the job again after `retryInSeconds`. */
  | { status: 'waiting'; retryInSeconds: number }
  /** Nothing to apply: not a paid order, a kind without a handler, no request or no machine. */
  | { status: 'ignored' };

/**
 * Applies one paid order of its kind to the machines. A handler is idempotent by order: it may
 * run again after a crash or a duplicate job.
 */
export type PaidOrderHandler = (deps: ApplyDeps, paid: PaidOrder) => Promise<ApplyOutcome>;
