import fs from 'node:fs/promises';
import sharp from 'sharp';
import { findUploadedLogo } from '../lib/uploaded-logo';

/**
 * The company's logo as a PNG a PDF can hold, or null when there is none to show: the path is
 * not under /uploads, leaves the uploads folder, names no file, or is not an image sharp reads.
 * SVG and WebP logos are rasterised (pdfkit embeds only PNG and JPEG).
 */
export async function readCompanyLogo(
  uploadsDir: string,
  logoPath: string | null,
): Promise<Buffer | null> {
  const logo = await findUploadedLogo(uploadsDir, logoPath);
  if (!logo) return null;
  try {
    return await sharp(await fs.readFile(logo.file), { density: 300 })
      .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
