/*
 * The profile image rules (PNG, JPEG or WebP, at most 5 MB), without zod, so the browser checks
 * a file with the API's own numbers before uploading it. The server checks the bytes again.
 */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Named as the account texts name the answers (accounts/account-texts.ts). */
type ProfileImageProblem = 'imageInvalid' | 'imageTooLarge';

export function checkProfileImage(file: {
  type: string;
  size: number;
}): ProfileImageProblem | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageInvalid';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}
