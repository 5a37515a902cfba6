import type { Permission } from '@cloud-portal/contract/operator/permissions';

export type NavItemKey = 'overview' | 'desk' | 'staff' | 'audit';

export type NavItem = { key: NavItemKey; to: string; permission: Permission | null };

/** The console's pages, each with the key a member needs to open it (the server checks the same). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'overview', to: '/operator', permission: null },
  { key: 'desk', to: '/operator/tickets', permission: 'tickets.view' },
  { key: 'staff', to: '/operator/staff', permission: 'staff.manage' },
  { key: 'audit', to: '/operator/audit', permission: 'audit.view' },
];

/** What this member's role lets them open: the rest is not shown at all. */
export function navItemsFor(permissions: readonly Permission[]): NavItem[] {
  return NAV_ITEMS.filter(
    (item) => item.permission === null || permissions.includes(item.permission),
  );
}
