import type { Permission } from '@cloud-portal/contract/operator/permissions';

export type NavItemKey = 'overview' | 'desk' | 'staff' | 'audit';

export type NavItem = {
  key: NavItemKey;
  to: string;
  permission: Permission | null;
  /** A page another feature gives the console (its address segment): listed once it is given. */
  givenAs?: string;
};

/** The console's pages, each with the key a member needs to open it (the server checks the same). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'overview', to: '/operator', permission: null },
  { key: 'desk', to: '/operator/tickets', permission: 'tickets.view', givenAs: 'tickets' },
  { key: 'staff', to: '/operator/staff', permission: 'staff.manage' },
  { key: 'audit', to: '/operator/audit', permission: 'audit.view' },
];

/**
 * What this member's role lets them open, of the pages the console has (`given`: the segments of
 * the pages other features give it): the rest is not shown at all.
 */
export function navItemsFor(
  permissions: readonly Permission[],
  given: readonly string[] = [],
): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      (item.permission === null || permissions.includes(item.permission)) &&
      (item.givenAs === undefined || given.includes(item.givenAs)),
  );
}
