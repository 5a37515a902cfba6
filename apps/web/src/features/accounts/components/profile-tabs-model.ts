/** vm-lifecycle.md §2.7: the profile's tabs, in the spec's order. Later issues fill them. */
export const PROFILE_TABS = [
  'products',
  'purchase-history',
  'renewals',
  'tickets',
  'backup',
  'archived',
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number];

/** /customerprofile/1 opens Tickets, /customerprofile/2 (and anything else) Products. */
export function toProfileTab(id: string | undefined): ProfileTab {
  return id === '1' ? 'tickets' : 'products';
}
