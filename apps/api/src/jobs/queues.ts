/** Every pg-boss queue of the portal; all are created when the job queue starts (ADR 011). */
export const QUEUES = {
  /** Login codes, recovery links and login reminders: someone is waiting for them. */
  accountMail: 'mail-account',
  /** Every other mail (form acknowledgements, the company's copies, newsletters). */
  bulkMail: 'mail-deliver',
  /** forgotPassword and forgotUserName: the lookup and the mail, done off the request. */
  accountRecovery: 'account-recovery',
  /** A pending order whose time is up becomes expired (sent with startAfter = its expiry). */
  orderExpiry: 'order-expiry',
  /** Asks the gateway again about an order whose status query could not reach it. */
  paymentConfirmation: 'payment-confirmation',
  /** The receipt mail of a paid order, written in the order's language with the PDF attached. */
  purchaseConfirmation: 'purchase-confirmation',
  /** What a paid order asks of the machines layer (issue 11 works this queue). */
  vmRequest: 'vm-request',
  /** The expiry sweep (ADR 017): scheduled once a minute; reminders, expiry and archiving. */
  vmLifecycleSweep: 'vm-lifecycle-sweep',
  /** One machine's hypervisor work after a sweep's decision: power off, archive, start restored. */
  vmLifecycle: 'vm-lifecycle',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * A `vm-request` job, the settlement's and each recheck: a failed run (the hypervisor
 * unreachable) is retried with backoff: 10 s, 20 s, 40 s, …
 */
export const VM_REQUEST_RETRIES = { retryLimit: 10, retryDelay: 10, retryBackoff: true };
