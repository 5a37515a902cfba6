import sharp from 'sharp';
import {
  isMembershipLogoSizeValid,
  MEMBERSHIP_LOGO_MAX_BYTES,
} from '@cloud-portal/contract/content/membership-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import { AppError } from '../../errors';
import { readImage } from '../../http/image-uploads';

const ACCEPTED_FORMATS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;

export type CheckedLogo = { bytes: Buffer; extension: string; contentType: string };

/**
 * The logo's real format is read from its bytes (never from its name or declared type), its
 * size checked against the rule, and it is re-encoded, which drops metadata and anything hidden
 * behind the image data.
 */
export async function checkMembershipLogo(upload: Buffer): Promise<CheckedLogo> {
  if (upload.length > MEMBERSHIP_LOGO_MAX_BYTES) throw new AppError(413, messages.logoTooLarge);
  const metadata = await readImage(upload, 'companyLogo', messages.logoTypeInvalid);
  const format = metadata.format;
  if (!isMembershipLogoSizeValid(metadata.width ?? 0, metadata.height ?? 0)) {
    throw new AppError(400, messages.logoSizeInvalid, {
      errors: [{ field: 'companyLogo', message: messages.logoSizeInvalid }],
    });
  }
  const bytes = await sharp(upload).toFormat(format).toBuffer();
  return { bytes, extension: ACCEPTED_FORMATS[format], contentType: `image/${format}` };
}
