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

/**
 * /customerprofile/1 opens Tickets, /customerprofile/2 (and anything else) Products; ours (ADR
 * 017): /customerprofile/3 Renewals (the expiry mails link there) and /customerprofile/6 Archived.
 */
export function toProfileTab(id: string | undefined): ProfileTab {
  switch (id) {
    case '1':
      return 'tickets';
    case '3':
      return 'renewals';
    case '6':
      return 'archived';
    default:
      return 'products';
  }
}
