import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/news/getNewsDetail: one news item of the company (404 when it is not the company's). */
export const ZGetNewsDetailRequest = z.object({
  ID: z.coerce.number().int().positive(),
  websiteUrl: zWebsiteUrl,
});
export type TGetNewsDetailRequest = z.input<typeof ZGetNewsDetailRequest>;

export {
  ZNews as ZGetNewsDetailResponse,
  type TNews as TGetNewsDetailResponse,
} from './get-all-news';
