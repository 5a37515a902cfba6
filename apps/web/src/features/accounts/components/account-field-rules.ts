import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { accountMessages, isMobileNumber } from '@cloud-portal/contract/validation/account-rules';

/*
 * The field rules sign-up and the profile share (portal.md §5, vm-lifecycle.md §5), as contract
 * messages; the forms translate them.
 */

export function requireText(value: string, message: string): string | null {
  return value.trim() === '' ? message : null;
}

/** 'Mobile Number required', then a length between the chosen country's min and max. */
export function validateMobileNumber(value: string, country: TCountry | null): string | null {
  if (value.trim() === '') return accountMessages.mobileRequired;
  if (country === null) return null;
  return isMobileNumber(value.trim(), country.mobileNoMinLength, country.mobileNoMaxLength)
    ? null
    : accountMessages.mobileInvalid;
}
