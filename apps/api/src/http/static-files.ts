import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@cloud-portal/contract/validation/messages';
import { sendEnvelope } from './envelope';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves uploads under /uploads, the built web app at the root (hashed assets cached for a year,
 * index.html never), and index.html for every other page path so the app's router can answer it.
 * Unknown /api paths answer a 404 envelope.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { webDistDir: string; uploadsDir: string },
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
      index: ['index.html'],
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/uploads/') &&
      !path.extname(pathname);
    if (hasWebApp && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', options.webDistDir);
    }
    return sendEnvelope(reply, 404, messages.notFound, null);
  });
}
