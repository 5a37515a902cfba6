import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/home/getCompanyAddress */
export const ZGetCompanyAddressRequest = z.object({ websiteUrl: zWebsiteUrl });
export type TGetCompanyAddressRequest = z.infer<typeof ZGetCompanyAddressRequest>;

export const ZCompanyAddress = z.object({
  country: z.string(),
  officeAddress: z.string(),
  city: z.string(),
});
export type TCompanyAddress = z.infer<typeof ZCompanyAddress>;

export const ZGetCompanyAddressResponse = z.array(ZCompanyAddress);
export type TGetCompanyAddressResponse = z.infer<typeof ZGetCompanyAddressResponse>;

/** The home page's Our Reach shows the first three (portal.md §9). */
export const HOME_ADDRESS_LIMIT = 3;
