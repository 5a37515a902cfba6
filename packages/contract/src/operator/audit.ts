import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from './audit-actions';

/**
 * The company's audit log, GET /api/operator/audit (key audit.view; issue 27, ADR 027/028):
 * newest first, filtered, paged by a cursor (`nextCursor` of one page is `cursor` of the next;
 * null on the last page).
 */
export const ZAuditQuery = z.object({
  /** An action key (`staff.invite`) or an area (`staff`: every action of it). */
  action: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)?$/)
    .optional(),
  staffId: z.coerce.number().int().positive().optional(),
  subjectType: z.string().trim().min(1).max(40).optional(),
  subjectId: z.string().trim().min(1).max(100).optional(),
  /** ISO dates or times; `to` is exclusive. */
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(AUDIT_PAGE_SIZE),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actorKind: z.enum(['customer', 'staff', 'system']),
  actorId: z.number().int().nullable(),
  /** The staff member's name and email when the actor is staff, else null. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  clientAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  rows: z.array(ZAuditEntry),
  nextCursor: z.string().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
