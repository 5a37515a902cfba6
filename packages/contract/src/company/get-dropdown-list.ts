import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/getDropdownList: the company's Benefits links. */
export const ZGetDropdownListRequest = z.object({ customerUrl: zWebsiteUrl });
export type TGetDropdownListRequest = z.input<typeof ZGetDropdownListRequest>;

const ZMenuItem = z.object({ menuName: z.string(), redirectURL: z.string() });
export type TMenuItem = z.infer<typeof ZMenuItem>;

export const ZGetDropdownListResponse = z.array(ZMenuItem);
export type TGetDropdownListResponse = z.infer<typeof ZGetDropdownListResponse>;
