import {
  isMembershipLogoSizeValid,
  MEMBERSHIP_LOGO_MAX_BYTES,
  MEMBERSHIP_LOGO_TYPES,
} from '@cloud-portal/contract/content/membership-rules';
import { messages } from '@cloud-portal/contract/validation/messages';

export type LogoFacts = { type: string; bytes: number; width: number; height: number };

/** The file's kind and weight, checked before the picture is read: the first message, or null. */
export function checkLogoFile({ type, bytes }: Pick<LogoFacts, 'type' | 'bytes'>): string | null {
  if (!(MEMBERSHIP_LOGO_TYPES as readonly string[]).includes(type)) return messages.logoTypeInvalid;
  if (bytes > MEMBERSHIP_LOGO_MAX_BYTES) return messages.logoTooLarge;
  return null;
}

/**
 * portal.md §5 and content/membership-rules.ts: PNG, JPEG or WebP, at most 2 MB, and 50 pixels
 * wide or high. The first failing rule's message, or null.
 */
export function checkLogo(facts: LogoFacts): string | null {
  return (
    checkLogoFile(facts) ??
    (isMembershipLogoSizeValid(facts.width, facts.height) ? null : messages.logoSizeInvalid)
  );
}

/** The picture's real size in pixels, as the browser decodes it; rejects when it is no image. */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Some browsers decode fewer formats here than in <img>: try that way before giving up.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}
