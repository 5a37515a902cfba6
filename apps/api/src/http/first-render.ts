import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@cloud-portal/contract/accounts/session';
import { LANGUAGES } from '@cloud-portal/contract/company/company-rules';
import {
  DESK_WIDTH,
  FIRST_RENDER_STATE_ID,
  LANGUAGE_COOKIE,
  PHONE_WIDTH,
  type TFirstRender,
  type TFirstRenderApiRequest,
  type TFirstRenderApiResponse,
  type TRenderFirstScreen,
} from '@cloud-portal/contract/web/first-render';
import { EVERY_SCOPE, ScopedCache } from '../cache/scoped-cache';
import type { CacheSignals } from '../cache/cache-signals';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookie-names';
import type { Company } from '../tenancy/company-directory';
import { stylesheetLinks, type BuildFiles, type BuildManifest } from './build-manifest';
import { describeError } from '../lib/safe-log';

const gzipAsync = promisify(gzip);

/*
 * ADR 022: the visitor pages most first visits land on are written on the server by the web
 * app's own code (its server bundle), kept per company, page, language and assumed viewport until
 * the company's data changes (the `co:` signals of ADR 021), and hydrated in the browser. Every
 * other page, and every page of a visitor who may be signed in, is the empty shell as before.
 */

/** Visitor pages written on the server: /home and the marketplace's pages. */
const VISITOR_PAGE_PATH = /^\/(?:home|marketplace(?:\/[^/]+)?)\/?$/i;
/** A signed-in customer's pages written on the server, for that customer only. */
const CUSTOMER_PAGE_PATH = /^\/(?:customerprofile|productdetails)\/\d+\/?$/i;
/** A render that takes longer is abandoned for this request (the shell goes out). */
const RENDER_TIMEOUT_MS = 5_000;
const MAX_PAGES = 2_000;

/**
 * A page as sent: its HTML, and the same gzipped once for the clients that take it. A private
 * page (a customer's) may be stored by no cache.
 */
type FirstPage = { html: string; gzipped: () => Promise<Buffer>; isPrivate: boolean };

type Kept = { render: TFirstRender; page?: { shell: string; value: FirstPage } };

type FirstScreensOptions = {
  app: FastifyInstance;
  manifest: BuildManifest;
  webSsrDir: string;
  signals: CacheSignals;
  ttlMs: number;
};

export class FirstScreens {
  private readonly pages: ScopedCache<Kept | null>;
  private renderer: Promise<TRenderFirstScreen | null> | null = null;

  constructor(private readonly options: FirstScreensOptions) {
    this.pages = new ScopedCache({
      ttlMs: options.ttlMs,
      maxEntries: MAX_PAGES,
      isTrusted: () => options.signals.isListening(),
    });
    options.signals.subscribe((scope) => {
      if (scope === EVERY_SCOPE || scope.startsWith('co:')) this.pages.invalidate(scope);
    });
  }

  /**
   * The page `shell` (index.html with the page's title) with the first screen written in, or null
   * when this request gets the shell: a page not written on the server, a visitor who may be
   * signed in, no server bundle, or a render that declined or failed.
   */
  async pageFor(
    request: FastifyRequest,
    company: Company,
    origin: string,
    shell: string,
  ): Promise<FirstPage | null> {
    const pathname = request.url.split('?')[0] ?? '';
    const page = {
      url: `${origin}${request.url}`,
      language: pageLanguage(request, company),
      viewportWidth: assumedViewportWidth(request),
    };
    let kept: Kept | null;
    if (CUSTOMER_PAGE_PATH.test(pathname) && isSignedIn(request)) {
      // A customer's own page: written for this request only, never kept.
      kept = await this.renderSafely(request, () =>
        this.render(request, { ...page, cookies: request.headers.cookie ?? '' }),
      );
      if (!kept) return null;
      const html = withFirstRender(shell, kept.render, page.language, this.filesFor(kept.render));
      return { html, gzipped: gzipOnce(html), isPrivate: true };
    }
    if (!VISITOR_PAGE_PATH.test(pathname) || maySignedIn(request)) return null;
    const key = [company.id, page.language, page.viewportWidth, page.url].join('\n');
    // Every change committed before this request has dropped its pages (as customer caches do).
    await this.options.signals.catchUp();
    kept = await this.renderSafely(request, () =>
      this.pages.get(key, [`co:${company.id}`], () =>
        this.render(request, { ...page, cookies: '' }),
      ),
    );
    if (!kept) return null;
    if (kept.page?.shell !== shell) {
      const html = withFirstRender(shell, kept.render, page.language, this.filesFor(kept.render));
      kept.page = { shell, value: { html, gzipped: gzipOnce(html), isPrivate: false } };
    }
    return kept.page.value;
  }

  /** The render, or null (the shell goes out) when it fails or takes too long. */
  private renderSafely(
    request: FastifyRequest,
    render: () => Promise<Kept | null>,
  ): Promise<Kept | null> {
    return withTimeout(render()).catch((error: unknown) => {
      request.log.warn(`first render failed: ${describeError(error)}`);
      return null;
    });
  }

  private async render(
    request: FastifyRequest,
    page: { url: string; language: string; viewportWidth: number; cookies: string },
  ): Promise<Kept | null> {
    const render = await this.loadRenderer();
    if (!render) return null;
    const visitor = {
      origin: new URL(page.url).origin,
      host: request.host,
      visitorIp: request.ip,
      cookies: page.cookies,
    };
    const answer = await render({ ...page, api: (call) => this.callApi(call, visitor) });
    return answer ? { render: answer } : null;
  }

  /** The API, in this process: the page's calls count against the visitor's own rate limits. */
  private async callApi(
    call: TFirstRenderApiRequest,
    visitor: { origin: string; host: string; visitorIp: string; cookies: string },
  ): Promise<TFirstRenderApiResponse> {
    // Renewing or ending a session rotates cookies only the browser can keep.
    if (/^\/api\/auth\/(refresh|logout)\b/i.test(call.url)) {
      throw new Error('a first render may not renew or end a session');
    }
    const response = await this.options.app.inject({
      method: call.method,
      url: call.url,
      headers: {
        ...call.headers,
        origin: visitor.origin,
        host: visitor.host,
        ...(visitor.cookies ? { cookie: visitor.cookies } : {}),
      },
      payload: call.body,
      remoteAddress: visitor.visitorIp,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    return { status: response.statusCode, headers, body: response.body };
  }

  /** Starts loading the server bundle (a few hundred ms), so the first page does not wait for it. */
  warmUp(): void {
    void this.loadRenderer();
  }

  private loadRenderer(): Promise<TRenderFirstScreen | null> {
    this.renderer ??= loadServerBundle(this.options.webSsrDir, this.options.app);
    return this.renderer;
  }

  /** The page's stylesheets (so the first paint is styled) and its code. */
  private filesFor(render: TFirstRender): BuildFiles {
    return this.options.manifest.filesFor(render.modules);
  }
}

async function loadServerBundle(
  webSsrDir: string,
  app: FastifyInstance,
): Promise<TRenderFirstScreen | null> {
  const entry = path.join(webSsrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  try {
    const bundle = (await import(pathToFileURL(entry).href)) as {
      renderFirstScreen?: TRenderFirstScreen;
    };
    return bundle.renderFirstScreen ?? null;
  } catch (error) {
    app.log.warn(`first render: the server bundle did not load: ${describeError(error)}`);
    return null;
  }
}

/** The language the visitor chose (its cookie), else the company's default. */
function pageLanguage(request: FastifyRequest, company: Company): string {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return chosen && (LANGUAGES as readonly string[]).includes(chosen)
    ? chosen
    : company.defaultLanguage;
}

/** Both cookies a signed-in page's calls need: the access token and the CSRF token. */
function isSignedIn(request: FastifyRequest): boolean {
  return Boolean(request.cookies[ACCESS_COOKIE] && request.cookies[CSRF_COOKIE]);
}

/** The session cookies: a visitor holding any may be signed in, and gets the shell. */
function maySignedIn(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return Boolean(cookies[CSRF_COOKIE] ?? cookies[ACCESS_COOKIE] ?? cookies[REFRESH_COOKIE]);
}

/** A phone's width, or a desk's for a browser that says (or whose user agent says) it is not mobile. */
function assumedViewportWidth(request: FastifyRequest): number {
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return PHONE_WIDTH;
  if (mobileHint === '?0') return DESK_WIDTH;
  return /Mobi|Android|iPhone|iPod/i.test(request.headers['user-agent'] ?? '')
    ? PHONE_WIDTH
    : DESK_WIDTH;
}

/**
 * `shell` with the first screen in `#root`, its state beside it, the page's stylesheets in the
 * head, and its code fetched and started by `public/first-paint.js` once the page is painted.
 */
export function withFirstRender(
  shell: string,
  render: TFirstRender,
  language: string,
  files: BuildFiles,
): string {
  // The page is on screen without its code, so no script is fetched before it is painted: the
  // stylesheets and images that paint it have the connections to themselves, and a phone's
  // slow link is not shared with some hundred kB of code the paint does not need. Once painted,
  // first-paint.js preloads every script (the entry's imports and the page's own chunks, side
  // by side, no waterfall) and starts the entry.
  const scripts = new Set<string>();
  let entry = '';
  const withoutScripts = shell
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => {
      scripts.add(href);
      return '';
    });
  // A shell without the entry's script (not Vite's index.html) keeps its own tags.
  if (!entry) return withFirstScreen(shell, render, language, stylesheetLinks(files.styles));
  for (const file of files.scripts) scripts.add(`/${file}`);
  const starter = `<script defer src="/first-paint.js" data-app="${entry}" data-preload="${[...scripts].join(' ')}"></script>`;
  return withFirstScreen(withoutScripts, render, language, stylesheetLinks(files.styles) + starter);
}

/** `shell` with the first screen and its state in `#root`, the language, and `head` in its head. */
function withFirstScreen(shell: string, render: TFirstRender, language: string, head: string) {
  // `<` never appears raw in the JSON, so no text in it can close the script element.
  const state = render.state.replace(/</g, '\\u003c');
  return shell
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language === 'ko' ? 'ko' : 'en'}"`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${render.html}</div>` +
        `<script type="application/json" id="${FIRST_RENDER_STATE_ID}">${state}</script>`,
    );
}

/** The page gzipped once, when a client that takes gzip first asks for it. */
function gzipOnce(html: string): () => Promise<Buffer> {
  let gzipped: Promise<Buffer> | undefined;
  return () => (gzipped ??= gzipAsync(html));
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the render took too long')), RENDER_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
