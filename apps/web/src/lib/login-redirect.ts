import { isProtectedPath } from './protected-routes';

/*
 * Where a customer lands after the one-time code (portal.md §2, §4; vm-lifecycle.md §2): back to
 * the protected page they were sent away from, else /marketplace when they came from the
 * marketplace, else /home. The page they came from travels to /customerlogin in the link's
 * state and is kept in this tab's sessionStorage through sign-up and the code page.
 */

const LOGIN_ORIGIN_KEY = 'cloud-portal.login-origin';

/** The state a link to /customerlogin carries: the path (and query) it was followed from. */
type LoginLinkState = { from: string };

export function toLoginLinkState(pathname: string, search = ''): LoginLinkState {
  return { from: `${pathname}${search}` };
}

/** The `from` of a location's state, when it is a path of this site. */
export function readLoginLinkState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  return typeof from === 'string' && isSitePath(from) ? from : null;
}

/** `/x`, never `//host` or `/\host` (which browsers read as another site). */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export function resolvePathAfterLogin(origin: string | null): string {
  if (origin === null || !isSitePath(origin)) return '/home';
  const pathname = new URL(origin, 'http://site.invalid').pathname;
  if (isProtectedPath(pathname)) return origin;
  if (/^\/marketplace(\/|$)/i.test(pathname)) return '/marketplace';
  return '/home';
}

export function rememberLoginOrigin(path: string): void {
  try {
    window.sessionStorage.setItem(LOGIN_ORIGIN_KEY, path);
  } catch {
    // Without storage the customer lands on /home.
  }
}

/** Reads and forgets: the remembered page is used by one login only. */
export function takeLoginOrigin(): string | null {
  try {
    const value = window.sessionStorage.getItem(LOGIN_ORIGIN_KEY);
    window.sessionStorage.removeItem(LOGIN_ORIGIN_KEY);
    return value;
  } catch {
    return null;
  }
}
