import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { NEWS_PAGE_SIZE } from './news-rules';

/** POST /api/news/getAllNews */
export const ZGetAllNewsRequest = z.object({
  websiteUrl: zWebsiteUrl,
  /** Newest first; a page of at most 100 (the spec's call takes none: it gets the newest 30). */
  limit: z.coerce.number().int().min(1).max(100).default(NEWS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TGetAllNewsRequest = z.input<typeof ZGetAllNewsRequest>;

export const ZNews = z.object({
  ID: z.number().int(),
  newsTitle: z.string(),
  newsContent: z.string(),
  imagePath: z.string().nullable(),
  newsLinks: z.array(z.string()),
  publishedAt: z.string(),
});
export type TNews = z.infer<typeof ZNews>;

export const ZGetAllNewsResponse = z.array(ZNews);
export type TGetAllNewsResponse = z.infer<typeof ZGetAllNewsResponse>;
