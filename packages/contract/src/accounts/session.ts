import { z } from 'zod';

/**
 * The signed-in customer as the browser sees it. The session itself lives in httpOnly cookies;
 * `sessionExpiresAt` tells the browser when to log out (the spec's automatic logout), and
 * `accessExpiresAt` when to renew (POST /api/auth/refresh).
 */
export const ZSessionUser = z.object({
  ID: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  emailID: z.string(),
  imagePath: z.string().nullable(),
  sessionExpiresAt: z.string(),
  accessExpiresAt: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** twoFactorAuth's `data`: an array whose first item is the user (the spec's shape). */
export const ZTwoFactorAuthResponse = z.array(ZSessionUser);

export { CSRF_COOKIE, CSRF_HEADER } from './csrf';
