/*
 * The profile image rules of the API (contract accounts/profile.ts: PNG, JPEG or WebP, at most
 * 5 MB), checked before uploading so a wrong file never leaves the browser. The server checks
 * the bytes again.
 */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type ProfileImageProblem = 'imageInvalid' | 'imageTooLarge';

export function checkProfileImage(file: {
  type: string;
  size: number;
}): ProfileImageProblem | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageInvalid';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}
