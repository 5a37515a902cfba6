/**
 * What a member of a provider's staff may do in the operator console (issue 27, ADR 027): every
 * operator route checks one key on the server, and the console hides what the member's role
 * lacks from the same list. Zod-free: the browser imports it.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'tickets.view',
  'tickets.reply',
  'tickets.assign',
  'customers.view',
  'customers.edit',
  'vms.view',
  'vms.block',
  'vms.power',
  'orders.view',
  'orders.refund',
  'jobs.view',
  'jobs.retry',
  'company.edit',
  'gateways.edit',
  'hypervisors.edit',
  'catalogue.edit',
  'content.edit',
  'staff.manage',
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['owner', 'admin', 'billing', 'support', 'read-only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const READ: readonly Permission[] = [
  'dashboard.view',
  'tickets.view',
  'customers.view',
  'vms.view',
  'orders.view',
  'jobs.view',
];

/** Each role's bundle of keys, defined once. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  // Everything but the staff and the audit log, which stay with the owners.
  admin: PERMISSIONS.filter((key) => key !== 'staff.manage' && key !== 'audit.view'),
  billing: [...READ, 'orders.refund', 'gateways.edit', 'catalogue.edit'],
  support: [...READ, 'tickets.reply', 'tickets.assign', 'customers.edit', 'vms.block', 'vms.power'],
  'read-only': READ,
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function roleAllows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
