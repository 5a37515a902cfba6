import { z } from 'zod';

/** GET /api/getCountryCode: countries with dialling code and mobile number lengths. */
export const ZCountry = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  isoCode: z.string(),
  mobileNoMinLength: z.number().int(),
  mobileNoMaxLength: z.number().int(),
  currency: z.string(),
  taxValue: z.number(),
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZGetCountryCodeResponse = z.array(ZCountry);
export type TGetCountryCodeResponse = z.infer<typeof ZGetCountryCodeResponse>;
