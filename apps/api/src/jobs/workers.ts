import type { Database } from '../db/client';
import { createMailService, deliverOutboxMails } from '../mail/mail-service';
import { SMTP_CONNECTIONS, type MailTransport } from '../mail/mail-transport';
import { handleRecoveryRequest, type RecoveryRequest } from '../modules/accounts/password-recovery';
import { retryOrderConfirmation } from '../modules/orders/confirm-payment';
import { sendPurchaseConfirmation } from '../modules/orders/send-purchase-confirmation';
import { expireOrder } from '../payments/apply-verdict';
import type { GatewayHttp } from '../payments/gateway';
import { createGatewayHttp } from '../payments/gateway-http';
import { eachJob, type JobQueue } from './job-queue';
import { QUEUES } from './queues';

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
  },
): Promise<void> {
  const deliver = (batch: { outboxId: number }[]) =>
    deliverOutboxMails(
      deps.db,
      deps.mailTransport,
      batch.map((job) => job.outboxId),
    );
  // A lane's batch is read and marked in one statement each and fills its SMTP connections.
  await jobs.work(QUEUES.accountMail, { batchSize: 2 * SMTP_CONNECTIONS.account }, deliver);
  await jobs.work(QUEUES.bulkMail, { batchSize: 2 * SMTP_CONNECTIONS.bulk }, deliver);

  const mail = createMailService(deps.db, jobs, deps.mailFrom);
  await jobs.work<RecoveryRequest>(
    QUEUES.accountRecovery,
    { batchSize: 5 },
    eachJob((request) => handleRecoveryRequest({ db: deps.db, mail }, request)),
  );

  await jobs.work<{ orderId: number }>(
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
  await jobs.work<{ orderId: number }>(
    QUEUES.purchaseConfirmation,
    { batchSize: 5 },
    eachJob(({ orderId }) =>
      sendPurchaseConfirmation(
        { db: deps.db, mail, dataDir: deps.dataDir, uploadsDir: deps.uploadsDir },
        orderId,
      ),
    ),
  );
  await jobs.work<{ orderId: number; hint: Record<string, string> }>(
    QUEUES.paymentConfirmation,
    { batchSize: 5 },
    eachJob((job) => retryOrderConfirmation(payments, job)),
  );
}
