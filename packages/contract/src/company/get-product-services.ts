import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { SERVICE_OPTIONS } from './company-rules';

/** POST /api/home/getProductServices: the company's business units. */
export const ZGetProductServicesRequest = z.object({ websiteUrl: zWebsiteUrl });
export type TGetProductServicesRequest = z.input<typeof ZGetProductServicesRequest>;

const ZServiceOption = z.enum(SERVICE_OPTIONS);

const ZCloudService = z.object({
  serviceName: z.string(),
  description: z.string(),
});

export const ZProductService = z.object({
  ID: z.number().int(),
  businessName: z.string(),
  description: z.string(),
  serviceOption: ZServiceOption,
  redirectUrl: z.string().nullable(),
  cloudService: z.array(ZCloudService),
});
export type TProductService = z.infer<typeof ZProductService>;

export const ZGetProductServicesResponse = z.array(ZProductService);
export type TGetProductServicesResponse = z.infer<typeof ZGetProductServicesResponse>;
