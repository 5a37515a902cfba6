/**
 * The membership enquiry's logo rule (portal.md §5): the check in the spec wants the width or the
 * height to be exactly 50 pixels, its message says "50 x 50" and an on-screen hint says 254x82.
 * We keep the check as specified and show it on screen in those words
 * (docs/decisions/005-membership-logo-rule.md).
 */
const MEMBERSHIP_LOGO_SIDE_PX = 50;
export const MEMBERSHIP_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const MEMBERSHIP_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Neither side longer than this: a 50 × 1,000,000 image passes the 50 px rule but is no logo. */
const MEMBERSHIP_LOGO_MAX_SIDE_PX = 1000;

export function isMembershipLogoSizeValid(width: number, height: number): boolean {
  return width === MEMBERSHIP_LOGO_SIDE_PX || height === MEMBERSHIP_LOGO_SIDE_PX;
}

export function isMembershipLogoWithinMaxSide(width: number, height: number): boolean {
  return width <= MEMBERSHIP_LOGO_MAX_SIDE_PX && height <= MEMBERSHIP_LOGO_MAX_SIDE_PX;
}

/** Digits, spaces, and one leading +; 7 to 15 digits (E.164 allows at most 15). */
export function isContactNumber(value: string): boolean {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return /^\+?[\d ]+$/.test(trimmed) && digits.length >= 7 && digits.length <= 15;
}
