import type { FastifyReply } from 'fastify';
import {
  STAFF_CSRF_COOKIE,
  STAFF_PENDING_COOKIE,
  STAFF_SESSION_COOKIE,
} from '@cloud-portal/contract/operator/staff-session';
import { sha256 } from '../../lib/tokens';
import { staffCsrfToken, type StaffSession } from './staff-sessions';
import {
  STAFF_ABSOLUTE_MS,
  STAFF_PENDING_MS,
  STAFF_PENDING_PATH,
  STAFF_SESSION_PATH,
} from './staff-settings';

/**
 * The staff's own cookies (ADR 028), never the customer's: SameSite strict, so no other site's
 * page sends them; the session and the pending step httpOnly and sent only to the calls that read
 * them; the CSRF token readable by the console's pages (path /) and echoed in x-staff-csrf.
 */
export function setStaffSessionCookies(
  reply: FastifyReply,
  token: string,
  session: StaffSession,
  secret: string,
  isSecure: boolean,
): void {
  const common = { secure: isSecure, sameSite: 'strict' as const };
  const maxAge = Math.floor(STAFF_ABSOLUTE_MS / 1000);
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    ...common,
    httpOnly: true,
    path: STAFF_SESSION_PATH,
    maxAge,
  });
  reply.setCookie(STAFF_CSRF_COOKIE, staffCsrfToken(secret, session.id), {
    ...common,
    httpOnly: false,
    path: '/',
    maxAge,
  });
  clearPendingCookie(reply, isSecure);
}

export function clearStaffSessionCookies(reply: FastifyReply, isSecure: boolean): void {
  const common = { secure: isSecure, sameSite: 'strict' as const };
  reply.clearCookie(STAFF_SESSION_COOKIE, { ...common, httpOnly: true, path: STAFF_SESSION_PATH });
  reply.clearCookie(STAFF_CSRF_COOKIE, { ...common, path: '/' });
}

export function setPendingCookie(reply: FastifyReply, token: string, isSecure: boolean): void {
  reply.setCookie(STAFF_PENDING_COOKIE, token, {
    secure: isSecure,
    sameSite: 'strict',
    httpOnly: true,
    path: STAFF_PENDING_PATH,
    maxAge: Math.floor(STAFF_PENDING_MS / 1000),
  });
}

export function clearPendingCookie(reply: FastifyReply, isSecure: boolean): void {
  reply.clearCookie(STAFF_PENDING_COOKIE, {
    secure: isSecure,
    sameSite: 'strict',
    httpOnly: true,
    path: STAFF_PENDING_PATH,
  });
}

/** The stored id of a pending step or session from its cookie's token. */
export const storedIdOf = (token: string) => sha256(token);
