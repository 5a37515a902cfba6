/**
 * The `ID` of a pending login (what login, sign-up and resendOtp answer, and what the code page
 * `/loginotp/{ID}/{emailId}/{flow}` carries): an opaque random reference, not the customer's id,
 * so it cannot be guessed or walked. Zod-free: the browser checks a code page's link with it.
 */
export const PENDING_LOGIN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const isPendingLoginId = (value: string) => PENDING_LOGIN_ID_PATTERN.test(value);
