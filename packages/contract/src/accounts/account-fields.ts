import { z } from 'zod';
import { accountTexts } from './account-texts';
import {
  accountMessages,
  collapseSpaces,
  isName,
  isValidPassword,
  PASSWORD_MAX_LENGTH,
} from '../validation/account-rules';
import { zEmail } from '../validation/field-schemas';

/** zod fields built on account-rules.ts, shared by sign-up, login, recovery and the profile. */

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .transform(collapseSpaces)
    .pipe(
      z.string().min(1, { error: message, abort: true }).max(max, `Use at most ${max} characters`),
    );

export const zPersonName = (message: string) =>
  requiredText(message, 60).refine(isName, accountTexts.lettersOnly);

/** Login addresses are compared lower-cased. */
export const zAccountEmail = zEmail(accountMessages.emailInvalid).transform((value) =>
  value.toLowerCase(),
);

export const zNewPassword = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, { error: accountMessages.passwordRequired, abort: true })
  .refine(isValidPassword, accountMessages.passwordInvalid);

/** A password being checked (login): only its presence and the field's cap. */
export const zPassword = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, { error: accountMessages.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordInvalid);

export const zCountryCode = z
  .string({ error: accountMessages.countryCodeRequired })
  .trim()
  .regex(/^\+\d{1,4}$/, accountMessages.countryCodeRequired);

/** Digits only; the length is checked against the chosen country on the server. */
export const zMobileNumber = z
  .string({ error: accountMessages.mobileRequired })
  .trim()
  .min(1, { error: accountMessages.mobileRequired, abort: true })
  .regex(/^\d{4,15}$/, accountMessages.mobileInvalid);

export const zBillingAddress = {
  address: requiredText(accountMessages.streetAddressRequired, 200),
  region: requiredText(accountMessages.countryRequired, 80),
  city: requiredText(accountMessages.cityRequired, 80).refine(isName, accountTexts.lettersOnly),
  state: requiredText(accountMessages.stateRequired, 80).refine(isName, accountTexts.lettersOnly),
  postCode: z
    .string({ error: accountMessages.postcodeRequired })
    .trim()
    .min(1, { error: accountMessages.postcodeRequired, abort: true })
    .regex(/^[0-9a-z]{2,12}$/, accountTexts.postcodeCharacters),
  companyName: z
    .string()
    .transform(collapseSpaces)
    .pipe(z.string().max(120))
    .optional()
    .default(''),
  vatNumber: z.string().trim().max(40).optional().default(''),
};
