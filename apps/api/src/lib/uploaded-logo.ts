import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

const UPLOADS_PREFIX = '/uploads/';
/** A logo larger than this is not a logo: the receipt and the icon go without it. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The file a company's logo path names, with its stat, or null when there is none to use: the
 * path is not under /uploads, leaves the uploads folder, names no file, or is too large.
 */
export async function findUploadedLogo(
  uploadsDir: string,
  logoPath: string | null,
): Promise<{ file: string; stat: Stats } | null> {
  if (!logoPath?.startsWith(UPLOADS_PREFIX)) return null;
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, logoPath.slice(UPLOADS_PREFIX.length));
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const stat = await fs.stat(file);
    return stat.isFile() && stat.size <= MAX_LOGO_BYTES ? { file, stat } : null;
  } catch {
    return null;
  }
}
