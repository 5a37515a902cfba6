import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/**
 * POST /api/redirect/check: may the redirect helper page follow `url`? Allowed: paths on this
 * portal, the company's own origins, its website, Benefits links, business-unit redirect
 * addresses and partner clouds. 200 with `{ url }` (absolute) or 403 'This link cannot be followed'.
 */
export const ZCheckRedirectRequest = z.object({
  url: z.string().trim().min(1).max(2048),
  websiteUrl: zWebsiteUrl,
});
export type TCheckRedirectRequest = z.input<typeof ZCheckRedirectRequest>;

export const ZCheckRedirectResponse = z.object({ url: z.string() });
export type TCheckRedirectResponse = z.infer<typeof ZCheckRedirectResponse>;
