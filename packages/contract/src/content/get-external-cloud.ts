import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/marketplace/getExternalCloud: the company's partner clouds. */
export const ZGetExternalCloudRequest = z.object({ websiteUrl: zWebsiteUrl });
export type TGetExternalCloudRequest = z.input<typeof ZGetExternalCloudRequest>;

export const ZPartnerCloud = z.object({
  ID: z.number().int(),
  cloudTitle: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  websiteUrl: z.string(),
});
export type TPartnerCloud = z.infer<typeof ZPartnerCloud>;

export const ZGetExternalCloudResponse = z.array(ZPartnerCloud);
export type TGetExternalCloudResponse = z.infer<typeof ZGetExternalCloudResponse>;
