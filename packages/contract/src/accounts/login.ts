import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { accountMessages, OTP_LENGTH } from '../validation/account-rules';
import { zAccountEmail, zPassword } from './account-fields';

/** POST /api/login: email + password; a correct pair mails a one-time code. Answers `{ ID, emailId }`. */
export const ZLoginRequest = z.object({
  emailID: zAccountEmail,
  password: zPassword,
  websiteUrl: zWebsiteUrl,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** POST /api/twoFactorAuth: the code from the mail completes the login and starts the session (cookies). */
export const ZTwoFactorAuthRequest = z.object({
  emailID: zAccountEmail,
  ID: z.coerce.number().int().positive(),
  OTP: z
    .string({ error: accountMessages.otpRequired })
    .trim()
    .min(1, { error: accountMessages.otpRequired, abort: true })
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), accountMessages.otpIncorrect),
  websiteUrl: zWebsiteUrl,
});
export type TTwoFactorAuthRequest = z.input<typeof ZTwoFactorAuthRequest>;

/** POST /api/resendOtp: a new code for the same pending login (the old one stops working). */
export const ZResendOtpRequest = z.object({
  emailID: zAccountEmail,
  ID: z.coerce.number().int().positive(),
  websiteUrl: zWebsiteUrl,
});
export type TResendOtpRequest = z.input<typeof ZResendOtpRequest>;
