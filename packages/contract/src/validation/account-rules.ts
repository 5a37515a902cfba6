/**
 * The account fields' rules and messages (portal.md §5, vm-lifecycle.md §5), as plain functions
 * for the browser's forms and keystroke filters; the server's zod schemas (accounts/*.ts) call the
 * same functions.
 */

import { messages } from './messages';

export const accountMessages = {
  firstNameRequired: 'First name required',
  lastNameRequired: 'Last name required',
  emailRequired: messages.emailRequired,
  emailInvalid: messages.emailInvalidLogin,
  countryCodeRequired: 'Please select country code',
  mobileRequired: 'Mobile Number required',
  mobileInvalid: 'Enter valid number',
  passwordRequired: 'Password required',
  passwordInvalid: 'Please enter valid password',
  passwordMismatch: 'Password does not match',
  streetAddressRequired: 'Street address required',
  countryRequired: 'Country name required',
  cityRequired: 'city name required',
  stateRequired: 'State name required',
  postcodeRequired: 'Postcode required',
  otpRequired: 'Otp required',
  otpIncorrect: 'Please enter correct OTP.',
} as const;

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const OTP_LENGTH = 6;

/** 8–16 characters with a lower-case letter, an upper-case letter, a digit and one of !@#$%^&*; no spaces. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[!@#$%^&*]/.test(password) &&
    !/\s/.test(password)
  );
}

export function validatePassword(password: string): string | null {
  if (password === '') return accountMessages.passwordRequired;
  return isValidPassword(password) ? null : accountMessages.passwordInvalid;
}

export function validatePasswordConfirmation(
  password: string,
  confirmation: string,
): string | null {
  if (confirmation === '') return accountMessages.passwordRequired;
  return password === confirmation ? null : accountMessages.passwordMismatch;
}

/** Runs of two or more spaces become one (names, address, city, state), and the ends are trimmed. */
export function collapseSpaces(value: string): string {
  return value.replace(/ {2,}/g, ' ').trim();
}

/** Keystroke filters: what each field lets through as the user types. */
export const keystrokeFilters = {
  /** Names, city and state: letters (any script), commas and spaces. */
  name: (value: string) => value.replace(/[^\p{L}\p{M}, ]/gu, ''),
  /** Mobile numbers and one-time codes: digits only. */
  digits: (value: string) => value.replace(/\D/g, ''),
  /** Postcode: digits and lower-case letters. */
  postcode: (value: string) => value.replace(/[^0-9a-z]/g, ''),
} as const;

export function isName(value: string): boolean {
  return /^[\p{L}\p{M}, ]+$/u.test(value);
}

export function isMobileNumber(value: string, minLength: number, maxLength: number): boolean {
  return /^\d+$/.test(value) && value.length >= minLength && value.length <= maxLength;
}

/**
 * The login toast: 'An OTP is sent to your *****i@example.com' (portal.md §8): every character of
 * the local part masked but the last before the @; a one-character local part is only an asterisk.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const kept = local.length > 1 ? local.slice(-1) : '';
  return `${'*'.repeat(local.length - kept.length)}${kept}${email.slice(at)}`;
}
