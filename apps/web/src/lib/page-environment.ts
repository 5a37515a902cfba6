/**
 * Where the page runs: its origin (which names the company in every public call), the cookies
 * it can read (the CSRF token), and how it reaches the API. In the browser these are the window's origin and `fetch`; the server's first
 * render (entry-server.tsx) answers them per request, so the same queries fill the same cache on
 * both sides.
 */
export type PageEnvironment = {
  origin: string;
  /** The cookies the page can read (`document.cookie`; on the server, the request's). */
  cookies: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
};

const browserEnvironment: PageEnvironment = {
  get origin() {
    return window.location.origin;
  },
  get cookies() {
    return document.cookie;
  },
  fetch: (input, init) => fetch(input, init),
};

let readEnvironment = (): PageEnvironment => browserEnvironment;

/** The server's render sets this once; it reads the request being rendered. */
export function setPageEnvironment(read: () => PageEnvironment): void {
  readEnvironment = read;
}

export function pageEnvironment(): PageEnvironment {
  return readEnvironment();
}
