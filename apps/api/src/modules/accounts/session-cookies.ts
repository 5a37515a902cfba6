import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE } from '@cloud-portal/contract/accounts/session';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../http/session-cookie-names';
import type { IssuedTokens } from './sessions';

/** The refresh token is sent only to the refresh and logout calls. */
const REFRESH_PATH = '/api/auth';
/**
 * Where the access cookie lived until issue 12 (ADR 006 amended): sent only to /api, it never
 * reached a page's own request, so no customer page could be written on the server (ADR 022). A
 * browser that still holds one is told to drop it whenever the cookies are set or cleared.
 */
const LEGACY_ACCESS_PATH = '/api';

/** httpOnly, SameSite cookies: no script can read the tokens, and other sites cannot send them. */
export function setSessionCookies(
  reply: FastifyReply,
  tokens: IssuedTokens,
  isSecure: boolean,
): void {
  const common = { secure: isSecure, sameSite: 'lax' as const };
  const sessionSeconds = Math.max(
    0,
    Math.floor((tokens.sessionExpiresAt.getTime() - Date.now()) / 1000),
  );
  // Before the new one: a client keeping cookies by name alone keeps the new one.
  reply.clearCookie(ACCESS_COOKIE, { ...common, httpOnly: true, path: LEGACY_ACCESS_PATH });
  // Sent with the page's own request too, so the server can write a signed-in customer's page.
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...common,
    httpOnly: true,
    path: '/',
    maxAge: Math.max(0, Math.floor((tokens.accessExpiresAt.getTime() - Date.now()) / 1000)),
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...common,
    sameSite: 'strict',
    httpOnly: true,
    path: REFRESH_PATH,
    maxAge: sessionSeconds,
  });
  // Readable by the page, which echoes it in the X-CSRF-Token header of every state-changing call.
  reply.setCookie(CSRF_COOKIE, tokens.csrfToken, {
    ...common,
    httpOnly: false,
    path: '/',
    maxAge: sessionSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply, isSecure: boolean): void {
  const common = { secure: isSecure, sameSite: 'lax' as const };
  reply.clearCookie(ACCESS_COOKIE, { ...common, httpOnly: true, path: '/' });
  reply.clearCookie(ACCESS_COOKIE, { ...common, httpOnly: true, path: LEGACY_ACCESS_PATH });
  reply.clearCookie(REFRESH_COOKIE, {
    ...common,
    sameSite: 'strict',
    httpOnly: true,
    path: REFRESH_PATH,
  });
  reply.clearCookie(CSRF_COOKIE, { ...common, path: '/' });
}
