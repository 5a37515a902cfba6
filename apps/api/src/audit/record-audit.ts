import type { Transaction } from '../db/client';
import { auditLog } from '../db/schema/audit';
import type { CustomerActor, StaffActor } from '../http/request-context';
import { redactSecrets } from './redact-secrets';

/** Who made the change: a request's customer or staff actor, or the portal's own jobs. */
export type AuditActor =
  | Pick<CustomerActor, 'kind' | 'companyId' | 'customerId'>
  | Pick<StaffActor, 'kind' | 'companyId' | 'staffId' | 'clientAddress'>
  | { kind: 'system'; companyId: number };

export type AuditEntry = {
  actor: AuditActor;
  /** `<area>.<verb>`, as the permission keys are named: `tickets.reply`. */
  action: string;
  subject: { type: string; id: string | number };
  /** The subject as it was (null when created) and as it is now (null when deleted). */
  before: unknown;
  after: unknown;
  /** The client's address; a staff actor's own by default. */
  clientAddress?: string | null;
};

function actorIdOf(actor: AuditActor): number | null {
  if (actor.kind === 'customer') return actor.customerId;
  if (actor.kind === 'staff') return actor.staffId;
  return null;
}

/**
 * Writes the audit row of a change in the transaction that makes it (ADR 027), so the row exists
 * exactly when the change does. Secrets in `before` and `after` are redacted by field name.
 */
export async function recordAudit(tx: Transaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    companyId: entry.actor.companyId,
    actorKind: entry.actor.kind,
    actorId: actorIdOf(entry.actor),
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: String(entry.subject.id),
    before: redactSecrets(entry.before ?? null),
    after: redactSecrets(entry.after ?? null),
    clientAddress:
      entry.clientAddress ??
      (entry.actor.kind === 'staff' ? (entry.actor.clientAddress ?? null) : null),
  });
}
