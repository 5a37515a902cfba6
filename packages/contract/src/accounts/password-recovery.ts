import { z } from 'zod';
import { accountTexts } from './account-texts';
import { zWebsiteUrl } from '../validation/website-url';
import { accountMessages } from '../validation/account-rules';
import { zAccountEmail, zNewPassword } from './account-fields';

export const FORGOT_PASSWORD_SENT = accountTexts.forgotPasswordSent;
export const PASSWORD_UPDATED = accountTexts.passwordUpdated;
export const RECOVERY_LINK_INVALID = accountTexts.recoveryLinkInvalid;

/** POST /api/forgotPassword: mails a recovery link. Answers the same whether or not the address has an account. */
export const ZForgotPasswordRequest = z.object({ emailID: zAccountEmail, websiteUrl: zWebsiteUrl });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** POST /api/forgotUserName: mails the account's login email. Same answer either way. */
export const ZForgotUserNameRequest = ZForgotPasswordRequest;
export type TForgotUserNameRequest = TForgotPasswordRequest;

/** The token of a recovery link (`/recoverpassword?token=…`); a malformed one is an invalid link. */
const zRecoveryToken = z
  .string({ error: RECOVERY_LINK_INVALID })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, RECOVERY_LINK_INVALID);

/**
 * POST /api/checkResetLink: whether a recovery link can still set a password, asked when its page
 * opens. 200, or 400 RECOVERY_LINK_INVALID alike for a fake, used, expired or other site's link.
 */
export const ZCheckResetLinkRequest = z.object({
  queryStringValue: zRecoveryToken,
  websiteUrl: zWebsiteUrl,
});
export type TCheckResetLinkRequest = z.input<typeof ZCheckResetLinkRequest>;

/** POST /api/updatePassword: the recovery link's token and the new password (sign-up rule). */
export const ZUpdatePasswordRequest = z
  .object({
    password: zNewPassword,
    confirmPassword: z
      .string({ error: accountMessages.passwordRequired })
      .min(1, accountMessages.passwordRequired),
    queryStringValue: zRecoveryToken,
    websiteUrl: zWebsiteUrl,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordMismatch,
  });
export type TUpdatePasswordRequest = z.input<typeof ZUpdatePasswordRequest>;
