/**
 * The staff session's browser-safe constants (issue 27, ADR 028). Staff have cookies of their own,
 * never the customer's: `cp_staff` (httpOnly, SameSite strict, path /api/operator) names the
 * session, `cp_staff_csrf` (readable by the page, path /) carries the token every state-changing
 * operator call echoes in `x-staff-csrf`. A sign-in that still waits for its TOTP step lives in
 * `cp_staff_pending` (httpOnly, path /api/operator/auth, 10 minutes). Zod-free: the browser imports it.
 */
export const STAFF_SESSION_COOKIE = 'cp_staff';
export const STAFF_CSRF_COOKIE = 'cp_staff_csrf';
export const STAFF_CSRF_HEADER = 'x-staff-csrf';
export const STAFF_PENDING_COOKIE = 'cp_staff_pending';

/** The console's pages (apps/web) and the API's prefix. */
export const OPERATOR_LOGIN_PATH = '/operator/login';
export const OPERATOR_ENROL_PATH = '/operator/enrol';
export const OPERATOR_API_PREFIX = '/api/operator';

/** A staff session ends after 30 minutes without a call, and 12 hours after sign-in at the latest. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_ABSOLUTE_HOURS = 12;
/** A sign-in waiting for its TOTP (or enrolment) step. */
export const STAFF_PENDING_MINUTES = 10;
/** An enrolment link (the CLI's or an invite's) works once, within 24 hours. */
export const ENROLMENT_LINK_HOURS = 24;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** A TOTP code: 6 digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: `xxxxx-xxxxx`, lower-case letters and digits (the dash is optional when typed). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
/** An enrolment link's token (the last segment of /operator/enrol/<token>). */
export const ENROLMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isTotpCode = (value: string) => TOTP_CODE_PATTERN.test(value.trim());
export const isRecoveryCode = (value: string) =>
  RECOVERY_CODE_PATTERN.test(value.trim().toLowerCase());
export const isEnrolmentToken = (value: string) => ENROLMENT_TOKEN_PATTERN.test(value);

/** Staff names: 1 to 80 characters. */
export const STAFF_NAME_MAX_LENGTH = 80;
