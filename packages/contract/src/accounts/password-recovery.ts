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

/** POST /api/updatePassword: the recovery link's token and the new password (sign-up rule). */
export const ZUpdatePasswordRequest = z
  .object({
    password: zNewPassword,
    confirmPassword: z
      .string({ error: accountMessages.passwordRequired })
      .min(1, accountMessages.passwordRequired),
    queryStringValue: z
      .string({ error: RECOVERY_LINK_INVALID })
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,200}$/, RECOVERY_LINK_INVALID),
    websiteUrl: zWebsiteUrl,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordMismatch,
  });
export type TUpdatePasswordRequest = z.input<typeof ZUpdatePasswordRequest>;
