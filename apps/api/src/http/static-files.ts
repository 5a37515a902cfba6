import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { CompanyDirectory } from '../tenancy/company-directory';
import { requestOrigin } from '../tenancy/request-origin';
import { builtFileReader } from './built-file';
import type { FirstScreens } from './first-render';
import { acceptsGzip } from './rendered-json';
import { sendEnvelope } from './envelope';
import { describePage, withPageMeta } from './page-meta';

const ONE_YEAR_SECONDS = 31_536_000;
/** The name a page carries where no company answers on its origin. */
const PRODUCT_NAME = 'Cloud Portal';

/**
 * Serves uploads under /uploads, the built web app at the root (hashed assets cached for a year,
 * index.html never), and index.html for every other page path so the app's router can answer it,
 * titled and described for the page and the company of the request's origin. Unknown /api paths
 * answer a 404 envelope.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    uploadsDir: string;
    companies?: CompanyDirectory;
    /** Visitor pages written on the server (ADR 022); without it every page is the shell. */
    firstScreens?: FirstScreens;
  },
): Promise<void> {
  fs.mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      // Uploaded files are data, never a document that runs: sandbox them. PDFs keep all but
      // `sandbox`, because browsers will not open their PDF viewer in a sandboxed document.
      response.setHeader(
        'Content-Security-Policy',
        filePath.endsWith('.pdf')
          ? "default-src 'none'; style-src 'unsafe-inline'"
          : "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      response.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });

  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      // Files are looked up per request, so a rebuild under a running server is served at once.
      wildcard: true,
      // The site root is a page too (answered below, with its title and description).
      index: false,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'Cache-Control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }

  const readIndexHtml = builtFileReader(indexFile, (text) => text);
  const { firstScreens } = options;
  if (hasWebApp && firstScreens) app.addHook('onListen', async () => firstScreens.warmUp());
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const origin = requestOrigin(request);
    // A page still loads when the lookup fails; the app then reports the company's state itself.
    const company = origin
      ? await options.companies?.findByOrigin(origin).catch((error: unknown) => {
          request.log.warn({ err: error }, 'page meta: company lookup failed');
          return null;
        })
      : null;
    const html = withPageMeta(
      readIndexHtml() ?? '',
      describePage(pathname, company?.name ?? PRODUCT_NAME),
    );
    reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const firstPage =
      company && origin && options.firstScreens
        ? await options.firstScreens.pageFor(request, company, origin, html)
        : null;
    if (!firstPage) return reply.send(request.method === 'HEAD' ? undefined : html);
    reply.header('vary', 'accept-encoding, cookie');
    if (firstPage.isPrivate) reply.header('Cache-Control', 'private, no-store');
    if (request.method === 'HEAD') return reply.send();
    if (!acceptsGzip(request)) return reply.send(firstPage.html);
    return reply.header('content-encoding', 'gzip').send(await firstPage.gzipped());
  };
  if (hasWebApp) app.get('/', (request, reply) => sendPage(request, reply, '/'));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/uploads/') &&
      !path.extname(pathname);
    if (hasWebApp && wantsPage) return sendPage(request, reply, pathname);
    return sendEnvelope(reply, 404, messages.notFound, null);
  });
}
