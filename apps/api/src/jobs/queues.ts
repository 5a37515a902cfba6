/** Every pg-boss queue of the portal; all are created when the job queue starts (ADR 011). */
export const QUEUES = {
  /** Login codes, recovery links and login reminders: someone is waiting for them. */
  accountMail: 'mail-account',
  /** Every other mail (form acknowledgements, the company's copies, newsletters). */
  bulkMail: 'mail-deliver',
  /** forgotPassword and forgotUserName: the lookup and the mail, done off the request. */
  accountRecovery: 'account-recovery',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
