import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/home/getCompanyAddress */
export const ZGetCompanyAddressRequest = z.object({ websiteUrl: zWebsiteUrl });
export type TGetCompanyAddressRequest = z.input<typeof ZGetCompanyAddressRequest>;

const ZCompanyAddress = z.object({
  country: z.string(),
  officeAddress: z.string(),
  city: z.string(),
});
export type TCompanyAddress = z.infer<typeof ZCompanyAddress>;

export const ZGetCompanyAddressResponse = z.array(ZCompanyAddress);
export type TGetCompanyAddressResponse = z.infer<typeof ZGetCompanyAddressResponse>;
