import sharp from 'sharp';
import {
  isMembershipLogoSizeValid,
  isMembershipLogoWithinMaxSide,
  MEMBERSHIP_LOGO_MAX_BYTES,
} from '@cloud-portal/contract/content/membership-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import { AppError } from '../../errors';
import { readImage } from '../../http/image-uploads';

const ACCEPTED_FORMATS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;

const logoError = (message: string) =>
  new AppError(400, message, { errors: [{ field: 'companyLogo', message }] });

export type CheckedLogo = { bytes: Buffer; extension: string; contentType: string };

/**
 * The logo's real format is read from its bytes (never from its name or declared type), its
 * size checked against the rule (50 px wide or high, neither side over 1000 px), and it is
 * re-encoded, which drops metadata and anything hidden behind the image data.
 */
export async function checkMembershipLogo(upload: Buffer): Promise<CheckedLogo> {
  if (upload.length > MEMBERSHIP_LOGO_MAX_BYTES) throw new AppError(413, messages.logoTooLarge);
  const metadata = await readImage(upload, 'companyLogo', messages.logoTypeInvalid);
  const format = metadata.format;
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  // Both checks read the header only: a huge picture is refused before it is ever decoded.
  if (!isMembershipLogoSizeValid(width, height)) throw logoError(messages.logoSizeInvalid);
  if (!isMembershipLogoWithinMaxSide(width, height))
    throw logoError(messages.logoDimensionsTooLarge);
  const bytes = await sharp(upload).toFormat(format).toBuffer();
  return { bytes, extension: ACCEPTED_FORMATS[format], contentType: `image/${format}` };
}
