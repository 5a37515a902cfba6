import {
  isMembershipLogoSizeValid,
  isMembershipLogoWithinMaxSide,
  MEMBERSHIP_LOGO_MAX_BYTES,
  MEMBERSHIP_LOGO_TYPES,
} from '@cloud-portal/contract/content/membership-rules';
import { messages } from '@cloud-portal/contract/validation/messages';

type LogoFacts = { type: string; bytes: number; width: number; height: number };

/** The file's kind and weight, checked before the picture is read: the first message, or null. */
export function checkLogoFile({ type, bytes }: Pick<LogoFacts, 'type' | 'bytes'>): string | null {
  if (!(MEMBERSHIP_LOGO_TYPES as readonly string[]).includes(type)) return messages.logoTypeInvalid;
  if (bytes > MEMBERSHIP_LOGO_MAX_BYTES) return messages.logoTooLarge;
  return null;
}

/**
 * portal.md §5 and content/membership-rules.ts: PNG, JPEG or WebP, at most 2 MB, 50 pixels wide
 * or high, and neither side over 1000 pixels. The first failing rule's message, or null.
 */
export function checkLogo(facts: LogoFacts): string | null {
  const fileProblem = checkLogoFile(facts);
  if (fileProblem !== null) return fileProblem;
  if (!isMembershipLogoSizeValid(facts.width, facts.height)) return messages.logoSizeInvalid;
  if (!isMembershipLogoWithinMaxSide(facts.width, facts.height))
    return messages.logoDimensionsTooLarge;
  return null;
}
