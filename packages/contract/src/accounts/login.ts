import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { accountMessages, OTP_LENGTH } from '../validation/account-rules';
import { zAccountEmail, zPassword } from './account-fields';
import { accountTexts } from './account-texts';
import { PENDING_LOGIN_ID_PATTERN } from './pending-login';

/** The pending login's opaque reference; one that cannot be one names no login that still waits. */
const zPendingLoginId = z
  .string({ error: accountTexts.loginAgain })
  .trim()
  .regex(PENDING_LOGIN_ID_PATTERN, accountTexts.loginAgain);

/**
 * POST /api/login: email + password; a correct pair mails a one-time code. Answers `{ ID, emailId }`,
 * `ID` the pending login's opaque reference (accounts/pending-login.ts).
 */
export const ZLoginRequest = z.object({
  emailID: zAccountEmail,
  password: zPassword,
  websiteUrl: zWebsiteUrl,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** POST /api/twoFactorAuth: the code from the mail completes the login and starts the session (cookies). */
export const ZTwoFactorAuthRequest = z.object({
  emailID: zAccountEmail,
  ID: zPendingLoginId,
  OTP: z
    .string({ error: accountMessages.otpRequired })
    .trim()
    .min(1, { error: accountMessages.otpRequired, abort: true })
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), accountMessages.otpIncorrect),
  websiteUrl: zWebsiteUrl,
});
export type TTwoFactorAuthRequest = z.input<typeof ZTwoFactorAuthRequest>;

/**
 * POST /api/resendOtp: a new code for the same pending login (the old one stops working). Answers
 * the same whether or not `ID` and `emailID` name a login still waiting for its code.
 */
export const ZResendOtpRequest = z.object({
  emailID: zAccountEmail,
  ID: zPendingLoginId,
  websiteUrl: zWebsiteUrl,
});
export type TResendOtpRequest = z.input<typeof ZResendOtpRequest>;
