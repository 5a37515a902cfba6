import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { accountMessages } from '../validation/account-rules';
import {
  zAccountEmail,
  zBillingAddress,
  zCountryCode,
  zMobileNumber,
  zNewPassword,
  zPersonName,
} from './account-fields';

/**
 * POST /api/adduser: sign-up. Creates the account (role user), mails a one-time code and answers
 * `{ ID, emailId }`; the browser goes on to /loginotp/{ID}/{emailId}/1. 409 when the address
 * already has an account with this company.
 */
export const ZAddUserRequest = z.object({
  firstName: zPersonName(accountMessages.firstNameRequired),
  lastName: zPersonName(accountMessages.lastNameRequired),
  emailID: zAccountEmail,
  countryCode: zCountryCode,
  contactNo: zMobileNumber,
  password: zNewPassword,
  roleType: z.literal('user').optional().default('user'),
  websiteUrl: zWebsiteUrl,
  ...zBillingAddress,
});
export type TAddUserRequest = z.input<typeof ZAddUserRequest>;

/** What sign-up, login and resend answer: the pending login the code completes (`ID` is opaque). */
export const ZPendingLogin = z.object({ ID: z.string(), emailId: z.string() });
export type TPendingLogin = z.infer<typeof ZPendingLogin>;
