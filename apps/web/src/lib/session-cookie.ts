import { CSRF_COOKIE } from '@cloud-portal/contract/accounts/csrf';
import { pageEnvironment } from './page-environment';

// ADR 006: the session lives in httpOnly cookies the page cannot read, plus `cp_csrf`, which it can.

/**
 * The CSRF token every state-changing call echoes, or null. The cookie lives exactly as long as
 * the session, so its presence also says that a session may exist.
 */
export function readCsrfToken(cookies: string = readableCookies()): string | null {
  return readCookie(CSRF_COOKIE, cookies);
}

/** A cookie the page can read, decoded; null when it is absent or empty. */
export function readCookie(name: string, cookies: string = readableCookies()): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (value === '') return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

function readableCookies(): string {
  try {
    return pageEnvironment().cookies;
  } catch {
    // Outside a page (a module evaluated on the server before any render).
    return '';
  }
}
