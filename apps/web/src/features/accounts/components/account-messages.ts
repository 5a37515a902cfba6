import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { MessagePattern } from '@/lib/use-contract-messages';

/**
 * The server's answers on the account calls that the contract keeps only beside its zod schemas
 * (accounts/*.ts, apps/api accountTexts), which the browser does not load. Their English text is
 * the key to their translation; the two must stay equal.
 */
const serverTexts = {
  emailTaken: 'An account with this email already exists. Please log in.',
  invalidCredentials: 'Invalid email or password',
  loginPaused: 'Too many failed attempts. Please try again in 15 minutes.',
  otpExpired: 'This OTP has expired. Please ask for a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Please ask for a new OTP.',
  tooManyCodes: 'Too many codes were sent. Please wait a few minutes and try again.',
  loggedIn: 'Login successfully!',
  signedUp: 'OTP has been verified successfully!',
  notLoggedIn: 'Please log in to continue',
  sessionExpired: 'Your session has expired. Please log in again.',
  otherCompany: 'This session belongs to another site',
  csrfFailed: 'Please reload the page and try again',
  loggedOut: 'You have been logged out',
  loginAgain: 'This login has expired. Please log in again.',
  forgotPasswordSent: 'An email is sent to your account please check and log in.',
  passwordUpdated: 'Your password has been updated. Please log in.',
  recoveryLinkInvalid: 'This password recovery link is invalid or has expired',
  profileUpdated: 'Information updated successfully',
  imageUploaded: 'Image uploaded successfully',
  imageRemoved: 'Image removed successfully',
  imageInvalid: 'Choose a PNG, JPEG or WebP image',
  imageTooLarge: 'The image must be 5 MB or smaller',
  lettersOnly: 'Use letters, commas and spaces only',
  postcodeCharacters: 'Use digits and lower-case letters only',
} as const;

/** Every text the account pages may show from the contract or the server, by name. */
export const ACCOUNT_TEXTS = {
  ...accountMessages,
  emailIncorrect: messages.emailInvalid,
  tooManyRequests: messages.tooManyRequests,
  somethingWentWrong: messages.somethingWentWrong,
  ...serverTexts,
} as const;

const addressed = ([, email = '']: RegExpExecArray) => ({ email });

/** Texts that name an address: the login, sign-up and resend answers. */
export const ADDRESSED_TEXT_PATTERNS: readonly MessagePattern[] = [
  { name: 'otpSent', pattern: /^An OTP is sent to your (.+)$/, values: addressed },
  { name: 'otpResent', pattern: /^An OTP is resent to your (.+)$/, values: addressed },
];

/** Every text that carries a value; 'Use at most 60 characters' is the server's length caps. */
export const ACCOUNT_TEXT_PATTERNS: readonly MessagePattern[] = [
  ...ADDRESSED_TEXT_PATTERNS,
  {
    name: 'maxLength',
    pattern: /^Use at most (\d+) characters$/,
    values: ([, count]) => ({ count: Number(count) }),
  },
];
