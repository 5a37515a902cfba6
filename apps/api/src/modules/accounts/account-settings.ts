/** The numbers of the account security design (issue 4, DESIGN.md "Deliberate departures" 4). */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Reset mails one account may ask for in an hour; more are silently not sent. */
export const RESET_MAILS_PER_HOUR = 3;
/** Login reminders (forgotUserName) one account may be sent in an hour; more are silently not sent. */
export const USER_NAME_MAILS_PER_HOUR = 3;
/** Codes one account may be sent in ten minutes (sign-up/login plus resends). */
export const CODES_PER_TEN_MINUTES = 5;
export const FAILED_LOGINS_BEFORE_PAUSE = 5;
export const LOGIN_PAUSE_MS = 15 * 60 * 1000;
/** A login begun with the password (or sign-up) waits this long for its code, resends included. */
export const PENDING_LOGIN_TTL_MS = 30 * 60 * 1000;
/**
 * A refresh token used again this soon after its rotation is a second tab renewing at the same
 * moment, not a thief: it gets another rotation of the session instead of ending it.
 */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;
