import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { CompanyDirectory } from '../tenancy/company-directory';
import { requestOrigin } from '../tenancy/request-origin';
import { findUploadedLogo } from '../lib/uploaded-logo';
import { sendEnvelope } from './envelope';

/** Browsers ask for the icon on every page: a day's cache, checked again by its ETag. */
const CACHE_CONTROL = 'public, max-age=86400';
const ICON_SIZE = 64;
/** Icons kept in memory, by logo file and its modification time (a new logo is a new key). */
const MAX_CACHED = 64;

type Icon = { body: Buffer; type: string; etag: string };
const cache = new Map<string, Icon>();

/**
 * The company's logo as a square PNG icon (transparent margins, 64 px), or null when it has none
 * that can be read: the path is not under /uploads, leaves the folder, or is not an image.
 */
async function iconFromLogo(uploadsDir: string, logoPath: string | null): Promise<Icon | null> {
  const logo = await findUploadedLogo(uploadsDir, logoPath);
  if (!logo) return null;
  const { file, stat } = logo;
  try {
    const key = `${file}:${stat.mtimeMs}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const body = await sharp(await fs.readFile(file), { density: 300 })
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const icon = {
      body,
      type: 'image/png',
      etag: `"logo-${Math.round(stat.mtimeMs)}-${stat.size}"`,
    };
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, icon);
    return icon;
  } catch {
    return null;
  }
}

/**
 * GET /favicon.ico (and /favicon.png): the icon of the brand the request's origin belongs to,
 * made from its logo; where it has none, the portal's own icon (the web app's favicon.svg). The
 * answer varies by host, since one deployment serves many brands.
 */
export function registerFavicon(
  app: FastifyInstance,
  options: { uploadsDir: string; webDistDir: string; companies: CompanyDirectory },
): void {
  const fallbackFile = path.join(options.webDistDir, 'favicon.svg');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = requestOrigin(request);
    const company = origin ? await options.companies.findByOrigin(origin).catch(() => null) : null;
    let icon = company ? await iconFromLogo(options.uploadsDir, company.logoPath) : null;
    if (!icon) {
      const body = await fs.readFile(fallbackFile).catch(() => null);
      if (!body) return sendEnvelope(reply, 404, messages.notFound, null);
      icon = { body, type: 'image/svg+xml', etag: `"portal-${body.length}"` };
    }
    reply
      .header('Cache-Control', CACHE_CONTROL)
      .header('Vary', 'Host')
      .header('ETag', icon.etag)
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === icon.etag) return reply.code(304).send();
    return reply.code(200).type(icon.type).send(icon.body);
  };
  app.get('/favicon.ico', handler);
  app.get('/favicon.png', handler);
}
