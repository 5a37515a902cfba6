/** A page of the console, named from its address. */
export type ConsolePage =
  | { name: 'login' }
  | { name: 'enrol'; token: string }
  | { name: 'overview' | 'audit' | 'staff' | 'notFound' }
  /** A page another feature gives the console (the ticket desk), composed in app/router.tsx. */
  | { name: 'extra'; segment: string };

/** Which console page an address under /operator shows (case-insensitive, like the router). */
export function consolePageOf(
  pathname: string,
  extraSegments: readonly string[] = [],
): ConsolePage {
  const rest = pathname
    .replace(/^\/operator(?=\/|$)/i, '')
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  const [first = '', second, ...more] = rest;
  const head = first.toLowerCase();
  if (head === '' && rest.length === 1) return { name: 'overview' };
  if (head === 'enrol' && second !== undefined && more.length === 0) {
    return { name: 'enrol', token: decodeURIComponent(second) };
  }
  // A given page reads the rest of the address itself (the desk's /operator/tickets/{id}).
  if (extraSegments.includes(head)) return { name: 'extra', segment: head };
  if (second !== undefined) return { name: 'notFound' };
  if (head === 'login' || head === 'audit' || head === 'staff') return { name: head };
  return { name: 'notFound' };
}
