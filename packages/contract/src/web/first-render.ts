/*
 * The server's first render of a visitor page (ADR 022): the API process imports the web app's
 * server bundle (apps/web/dist-ssr/entry-server.js) and calls its `renderFirstScreen`, which asks
 * the API for the page's data through `api` (in-process, no network) and answers the page's HTML
 * and the state the browser hydrates from. Nothing here may carry a customer's data: only visitor
 * pages are rendered, and their answers are kept per company.
 */

export type TFirstRenderApiRequest = {
  method: 'GET' | 'POST';
  /** `/api/...` with its query string. */
  url: string;
  headers: Record<string, string>;
  body?: string;
};

export type TFirstRenderApiResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
};

export type TFirstRenderRequest = {
  /** The page's absolute URL on the company's origin. */
  url: string;
  /** The language to write the page in (the company's default). */
  language: string;
  /** The viewport width (CSS px) the render assumes; the browser hydrates with the same. */
  viewportWidth: number;
  /**
   * The request's cookies, for a signed-in customer's own page (never kept); empty for a
   * visitor's. The render's API calls carry them; it never renews a session.
   */
  cookies: string;
  api: (request: TFirstRenderApiRequest) => Promise<TFirstRenderApiResponse>;
};

export type TFirstRender = {
  /** The markup of `#root`. */
  html: string;
  /** JSON of TFirstRenderState, for `<script type="application/json" id="cp-first-render">`. */
  state: string;
  /** Source modules of the page's lazy code, as the build manifest names them (`src/…`). */
  modules: string[];
};

/** The element id of the state's script. */
export const FIRST_RENDER_STATE_ID = 'cp-first-render';

/** Null: this page is not rendered on the server (the browser renders it, as before). */
export type TRenderFirstScreen = (request: TFirstRenderRequest) => Promise<TFirstRender | null>;

/** The widths (CSS px) a first render assumes: a phone's, or a desk's for a browser that is not mobile. */
export const PHONE_WIDTH = 360;
export const DESK_WIDTH = 1280;

/**
 * The language a visitor chose in the switch, kept in a cookie as well as in the browser's
 * storage, so the server writes their pages in it. Not a session cookie: it names a language.
 */
export const LANGUAGE_COOKIE = 'cp_lang';
