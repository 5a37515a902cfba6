import { randomBytes } from 'node:crypto';
import { hmac, safeEqual } from '../../lib/tokens';

export type AccessClaims = {
  sessionId: string;
  customerId: number;
  companyId: number;
  expiresAt: number;
};

/** `base64url(claims).hmac`: checked without a database read; the session row is checked after. */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${hmac(secret, `access:${body}`)}`;
}

export function verifyAccessToken(
  secret: string,
  token: string,
  now = Date.now(),
): AccessClaims | 'expired' | null {
  const [body, signature] = token.split('.');
  if (!body || !signature || !safeEqual(signature, hmac(secret, `access:${body}`))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as AccessClaims;
    return claims.expiresAt > now ? claims : 'expired';
  } catch {
    return null;
  }
}

/** The CSRF token of a session: derived, so it needs no storage, and useless for another session. */
export const csrfTokenFor = (secret: string, sessionId: string) =>
  hmac(secret, `csrf:${sessionId}`);

/** One-time codes are kept as an HMAC: six digits alone would be found from a plain hash in a moment. */
export const hashCode = (secret: string, customerId: number, code: string) =>
  hmac(secret, `code:${customerId}:${code}`);

/** The opaque `ID` of a pending login: 128 random bits, URL-safe (22 characters). */
export const newLoginReference = () => randomBytes(16).toString('base64url');

/** How login_failures knows an address without keeping it. */
export const loginAddressKey = (secret: string, companyId: number, email: string) =>
  hmac(secret, `login-address:${companyId}:${email.trim().toLowerCase()}`);
