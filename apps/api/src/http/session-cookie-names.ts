/** The customer session's cookies (ADR 006): read by the request context and the first render. */
export const ACCESS_COOKIE = 'cp_access';
export const REFRESH_COOKIE = 'cp_refresh';
