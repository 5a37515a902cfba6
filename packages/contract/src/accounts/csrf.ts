/**
 * The session's CSRF pair (ADR 006): `cp_csrf` is the one session cookie the page can read, and
 * every state-changing call of a signed-in customer echoes its value in this header. Plain
 * constants, so the browser takes them without the session's schemas (ADR 007).
 */
export const CSRF_COOKIE = 'cp_csrf';
export const CSRF_HEADER = 'x-csrf-token';
