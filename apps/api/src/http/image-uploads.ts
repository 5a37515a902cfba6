import type { MultipartFile } from '@fastify/multipart';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';

const fieldError = (status: number, field: string, message: string) =>
  new AppError(status, message, { errors: [{ field, message }] });

/** An uploaded file's bytes; over the route's size limit is 413 with the field's message. */
export async function readUpload(
  part: MultipartFile,
  field: string,
  tooLargeMessage: string,
): Promise<Buffer> {
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw fieldError(413, field, tooLargeMessage);
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError(413, field, tooLargeMessage);
    throw error;
  }
}

type AcceptedImageFormat = 'png' | 'jpeg' | 'webp';

/**
 * An image's real format and size, read from its bytes (never from its name or declared type):
 * anything that does not decode as PNG, JPEG or WebP is 400 with the field's message.
 */
export async function readImage(
  bytes: Buffer,
  field: string,
  invalidMessage: string,
): Promise<Metadata & { format: AcceptedImageFormat }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw fieldError(400, field, invalidMessage);
  }
  if (metadata.format !== 'png' && metadata.format !== 'jpeg' && metadata.format !== 'webp')
    throw fieldError(400, field, invalidMessage);
  return metadata as Metadata & { format: AcceptedImageFormat };
}
