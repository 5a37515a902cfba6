/**
 * The audit log's action keys written by the staff calls (issue 27), for the console's filter and
 * labels; other areas (tickets…) add theirs. Zod-free: the browser imports it.
 */
export const STAFF_AUDIT_ACTIONS = [
  'staff.invite',
  'staff.role',
  'staff.remove',
  'staff.totp-reset',
  'staff.switch-company',
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;
