import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const UPLOADS_PREFIX = '/uploads/';
/** A logo larger than this is not a logo: the receipt goes without it. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The company's logo as a PNG a PDF can hold, or null when there is none to show: the path is
 * not under /uploads, leaves the uploads folder, names no file, or is not an image sharp reads.
 * SVG and WebP logos are rasterised (pdfkit embeds only PNG and JPEG).
 */
export async function readCompanyLogo(
  uploadsDir: string,
  logoPath: string | null,
): Promise<Buffer | null> {
  if (!logoPath?.startsWith(UPLOADS_PREFIX)) return null;
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, logoPath.slice(UPLOADS_PREFIX.length));
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_LOGO_BYTES) return null;
    return await sharp(await fs.readFile(file), { density: 300 })
      .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
