import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@cloud-portal/contract/accounts/session';
import {
  DESK_WIDTH,
  FIRST_RENDER_STATE_ID,
  PHONE_WIDTH,
  type TFirstRender,
  type TFirstRenderApiRequest,
  type TFirstRenderApiResponse,
  type TRenderFirstScreen,
} from '@cloud-portal/contract/web/first-render';
import { EVERY_SCOPE, ScopedCache } from '../cache/scoped-cache';
import type { CacheSignals } from '../cache/cache-signals';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/accounts/session-cookies';
import type { Company } from '../tenancy/company-directory';
import { builtFileReader } from './built-file';
import { describeError } from './safe-log';

const gzipAsync = promisify(gzip);

/*
 * ADR 022: the visitor pages most first visits land on are written on the server by the web
 * app's own code (its server bundle), kept per company, page, language and assumed viewport until
 * the company's data changes (the `co:` signals of ADR 021), and hydrated in the browser. Every
 * other page, and every page of a visitor who may be signed in, is the empty shell as before.
 */

/** Lower-case paths written on the server: /home and the marketplace's pages. */
const FIRST_RENDER_PATH = /^\/(?:home|marketplace(?:\/[^/]+)?)\/?$/i;
/** A render that takes longer is abandoned for this request (the shell goes out). */
const RENDER_TIMEOUT_MS = 5_000;
const MAX_PAGES = 2_000;

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** A page as sent: its HTML, and the same gzipped once for the clients that take it. */
export type FirstPage = { html: string; gzipped: Promise<Buffer> };

type Kept = { render: TFirstRender; page?: { shell: string; value: FirstPage } };

export type FirstScreensOptions = {
  app: FastifyInstance;
  webDistDir: string;
  webSsrDir: string;
  signals: CacheSignals;
  ttlMs: number;
};

export class FirstScreens {
  private readonly pages: ScopedCache<Kept | null>;
  private readonly readManifest: () => Manifest | null;
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
    this.readManifest = builtFileReader(
      path.join(options.webDistDir, '.vite', 'manifest.json'),
      (text) => JSON.parse(text) as Manifest,
    );
  }

  /**
   * The page `shell` (index.html with the page's title) with the first screen written in, or null
   * when this request gets the shell: a page not written on the server, a visitor who may be
   * signed in, no server bundle, or a render that failed.
   */
  async pageFor(
    request: FastifyRequest,
    company: Company,
    origin: string,
    shell: string,
  ): Promise<FirstPage | null> {
    const pathname = request.url.split('?')[0] ?? '';
    if (!FIRST_RENDER_PATH.test(pathname) || maySignedIn(request)) return null;
    const language = company.defaultLanguage;
    const viewportWidth = assumedViewportWidth(request);
    const url = `${origin}${request.url}`;
    const key = [company.id, language, viewportWidth, url].join('\n');
    // Every change committed before this request has dropped its pages (as customer caches do).
    await this.options.signals.catchUp();
    const kept = await withTimeout(
      this.pages.get(key, [`co:${company.id}`], () =>
        this.render(request, { url, language, viewportWidth }),
      ),
    ).catch((error: unknown) => {
      request.log.warn(`first render failed: ${describeError(error)}`);
      return null;
    });
    if (!kept) return null;
    if (kept.page?.shell !== shell) {
      const html = withFirstRender(shell, kept.render, language, this.linksFor(kept.render));
      kept.page = { shell, value: { html, gzipped: gzipAsync(html) } };
    }
    return kept.page.value;
  }

  private async render(
    request: FastifyRequest,
    page: { url: string; language: string; viewportWidth: number },
  ): Promise<Kept | null> {
    const render = await this.loadRenderer();
    if (!render) return null;
    const visitorIp = request.ip;
    const host = request.host;
    const origin = new URL(page.url).origin;
    const answer = await render({
      ...page,
      api: (call) => this.callApi(call, { origin, host, visitorIp }),
    });
    return answer ? { render: answer } : null;
  }

  /** The API, in this process: the page's calls count against the visitor's own rate limits. */
  private async callApi(
    call: TFirstRenderApiRequest,
    visitor: { origin: string; host: string; visitorIp: string },
  ): Promise<TFirstRenderApiResponse> {
    const response = await this.options.app.inject({
      method: call.method,
      url: call.url,
      headers: { ...call.headers, origin: visitor.origin, host: visitor.host },
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

  /** Stylesheets (render-blocking, so the first paint is styled) and scripts of the page's code. */
  private linksFor(render: TFirstRender): string {
    const manifest = this.readManifest();
    if (!manifest) return '';
    const styles = new Set<string>();
    const scripts = new Set<string>();
    const visit = (key: string, into: { styles: Set<string>; scripts: Set<string> }) => {
      const chunk = manifest[key];
      if (!chunk || into.scripts.has(chunk.file)) return;
      into.scripts.add(chunk.file);
      for (const css of chunk.css ?? []) into.styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported, into);
    };
    // What index.html loads already (the entry and its imports) is not linked again.
    visit('index.html', { styles, scripts });
    const inIndex = { styles: new Set(styles), scripts: new Set(scripts) };
    for (const module of render.modules) visit(module, { styles, scripts });
    return [
      ...[...styles]
        .filter((file) => !inIndex.styles.has(file))
        .map((file) => `<link rel="stylesheet" href="/${file}" />`),
      ...[...scripts]
        .filter((file) => !inIndex.scripts.has(file))
        .map((file) => `<link rel="modulepreload" fetchpriority="low" href="/${file}" />`),
    ].join('');
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

/** The session cookies: a visitor holding any may be signed in, and gets the shell. */
function maySignedIn(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return Boolean(cookies[CSRF_COOKIE] ?? cookies[ACCESS_COOKIE] ?? cookies[REFRESH_COOKIE]);
}

/** A phone's width, or a desk's for a browser that says (or whose user agent says) it is not mobile. */
export function assumedViewportWidth(request: FastifyRequest): number {
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return PHONE_WIDTH;
  if (mobileHint === '?0') return DESK_WIDTH;
  return /Mobi|Android|iPhone|iPod/i.test(request.headers['user-agent'] ?? '')
    ? PHONE_WIDTH
    : DESK_WIDTH;
}

/** `shell` with the first screen in `#root`, its state beside it, and its code linked. */
export function withFirstRender(
  shell: string,
  render: TFirstRender,
  language: string,
  links: string,
): string {
  // `<` never appears raw in the JSON, so no text in it can close the script element.
  const state = render.state.replace(/</g, '\\u003c');
  return (
    shell
      // The page is on screen without its code: the code's download yields to the stylesheets
      // and images, and a phone's first paint waits for none of it.
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace(/<html lang="[^"]*"/, () => `<html lang="${language === 'ko' ? 'ko' : 'en'}"`)
      .replace('</head>', () => `${links}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${render.html}</div>` +
          `<script type="application/json" id="${FIRST_RENDER_STATE_ID}">${state}</script>`,
      )
  );
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the render took too long')), RENDER_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
