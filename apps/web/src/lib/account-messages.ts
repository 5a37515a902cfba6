import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { MessagePattern } from '@/lib/use-contract-messages';

/** Every text the account pages may show from the contract or the server, by name. */
export const ACCOUNT_TEXTS = {
  ...accountMessages,
  emailIncorrect: messages.emailInvalid,
  tooManyRequests: messages.tooManyRequests,
  somethingWentWrong: messages.somethingWentWrong,
  ...accountTexts,
} as const;

const addressed = ([, email = '']: RegExpExecArray) => ({ email });

/** Texts that name an address: the login, sign-up and resend answers. */
export const ADDRESSED_TEXT_PATTERNS: readonly MessagePattern[] = [
  { name: 'otpSent', pattern: /^An OTP is sent to your (.+)$/, values: addressed },
  {
    name: 'otpResent',
    pattern: /^If this login is still open, a new OTP is on its way to (.+)$/,
    values: addressed,
  },
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
