import type { Database } from './db/client';
import { createHypervisorConnector } from './hypervisors/company-hypervisors';
import { createMailService, deliverOutboxMails } from './mail/mail-service';
import { SMTP_CONNECTIONS, type MailTransport } from './mail/mail-transport';
import { handleRecoveryRequest, type RecoveryRequest } from './modules/accounts/password-recovery';
import { retryOrderConfirmation } from './modules/orders/confirm-payment';
import { sendPurchaseConfirmation } from './modules/orders/send-purchase-confirmation';
import { applyPaidOrder } from './modules/vms/apply/apply-paid-order';
import { deleteExpiredBackups } from './modules/vms/actions/backups';
import { expireOrder } from './modules/payments/apply-verdict';
import type { GatewayHttp } from './payments/gateway';
import { createGatewayHttp } from './payments/gateway-http';
import { sweepVmLifecycle, type VmLifecycleJob } from './modules/vms/lifecycle/vm-expiry';
import { runVmLifecycleJob } from './modules/vms/lifecycle/vm-lifecycle-jobs';
import { eachJob, type JobQueue, type JobScheduler } from './jobs/job-queue';
import { QUEUES, VM_REQUEST_RETRIES, type QueueName } from './jobs/queues';

/** The background work this process takes part in. */
export async function registerWorkers(
  jobs: JobQueue,
  deps: {
    db: Database;
    mailTransport: MailTransport;
    mailFrom: string;
    /** Seals gateway credentials: the payment jobs ask gateways with the company's settings. */
    credentialsKey: Buffer;
    gatewayHttp?: GatewayHttp;
    /** Receipts of paid orders are written under DATA_DIR/receipts for their mails. */
    dataDir: string;
    uploadsDir: string;
    /** The simulator hypervisor's time per operation (SIMULATOR_OPERATION_MS). */
    simulatorOperationMs: number;
    /** The queues this process works (JOB_WORKERS); all when absent. */
    queues?: readonly QueueName[];
    /** The expiry sweep (ADR 017): scheduled and worked only where given (the server, not tests). */
    expirySweep?: { archiveGraceDays: number; scheduler: JobScheduler };
  },
): Promise<void> {
  // A process may work only some queues (several processes share the work, ARCHITECTURE.md).
  const worksOn = (queue: QueueName) => !deps.queues || deps.queues.includes(queue);
  const work: JobQueue['work'] = (queue, options, handler) =>
    worksOn(queue) ? jobs.work(queue, options, handler) : Promise.resolve();
  const deliver = (batch: { outboxId: number }[]) =>
    deliverOutboxMails(
      deps.db,
      deps.mailTransport,
      batch.map((job) => job.outboxId),
    );
  // A lane's batch is read and marked in one statement each and fills its SMTP connections.
  await work(QUEUES.accountMail, { batchSize: 2 * SMTP_CONNECTIONS.account }, deliver);
  await work(QUEUES.bulkMail, { batchSize: 2 * SMTP_CONNECTIONS.bulk }, deliver);

  const mail = createMailService(deps.db, jobs, deps.mailFrom);
  await work<RecoveryRequest>(
    QUEUES.accountRecovery,
    { batchSize: 5 },
    eachJob((request) => handleRecoveryRequest({ db: deps.db, mail }, request)),
  );

  await work<{ orderId: number }>(
    QUEUES.orderExpiry,
    { batchSize: 20 },
    eachJob(async ({ orderId }) => void (await expireOrder(deps.db, orderId))),
  );
  const payments = {
    db: deps.db,
    jobs,
    credentialsKey: deps.credentialsKey,
    gatewayHttp: deps.gatewayHttp ?? createGatewayHttp(),
  };
  await work<{ orderId: number }>(
    QUEUES.purchaseConfirmation,
    { batchSize: 5 },
    eachJob(({ orderId }) =>
      sendPurchaseConfirmation(
        { db: deps.db, mail, dataDir: deps.dataDir, uploadsDir: deps.uploadsDir },
        orderId,
      ),
    ),
  );
  await work<{ orderId: number; hint: Record<string, string> }>(
    QUEUES.paymentConfirmation,
    { batchSize: 5 },
    eachJob((job) => retryOrderConfirmation(payments, job)),
  );
  // The companies' hypervisors, for every job that acts on machines.
  const connect = createHypervisorConnector({
    db: deps.db,
    credentialsKey: deps.credentialsKey,
    simulatorOperationMs: deps.simulatorOperationMs,
  });
  const provisioning = { db: deps.db, mail, connect };
  await work<{ orderId: number }>(
    QUEUES.vmRequest,
    { batchSize: 5 },
    eachJob(async ({ orderId }) => {
      const outcome = await applyPaidOrder(provisioning, { orderId });
      // A machine still being created is looked at again later by a job of its own, so waiting
      // holds no worker and survives a restart.
      if (outcome.status === 'waiting') {
        await jobs.send(
          QUEUES.vmRequest,
          // Marked, so the settlement's own job stays one per order among them.
          { orderId, isRecheck: true },
          { startAfter: outcome.retryInSeconds, ...VM_REQUEST_RETRIES },
        );
      }
    }),
  );
  // The expiry sweep's decisions, one machine a job, and the sweep itself (ADR 017).
  const lifecycle = { db: deps.db, connect };
  await work<VmLifecycleJob>(
    QUEUES.vmLifecycle,
    { batchSize: 5 },
    eachJob(async (job) => void (await runVmLifecycleJob(lifecycle, job))),
  );
  if (deps.expirySweep) {
    const { archiveGraceDays, scheduler } = deps.expirySweep;
    await work(
      QUEUES.vmLifecycleSweep,
      { batchSize: 1 },
      eachJob(async () => {
        await sweepVmLifecycle({ db: deps.db, mail, jobs, archiveGraceDays }, new Date());
        // Backups past their bought duration go with the same sweep (ADR 019).
        await deleteExpiredBackups({ db: deps.db, hypervisors: connect }, new Date());
      }),
    );
    await scheduler.schedule(QUEUES.vmLifecycleSweep, '* * * * *');
  }
}
