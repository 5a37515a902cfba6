import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

/** POST /api/news/getAllNews */
export const NEWS_PAGE_SIZE = 30;
export const ZGetAllNewsRequest = z.object({
  websiteUrl: zWebsiteUrl,
  /** Newest first; a page of at most 100 (the spec's call takes none: it gets the newest 30). */
  limit: z.coerce.number().int().min(1).max(100).default(NEWS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TGetAllNewsRequest = z.infer<typeof ZGetAllNewsRequest>;

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

/** portal.md §9: Read More shows when the text without whitespace has 142+ characters or links. */
export const READ_MORE_MIN_CHARACTERS = 142;

export function needsReadMore(news: Pick<TNews, 'newsContent' | 'newsLinks'>): boolean {
  return (
    news.newsContent.replace(/\s/g, '').length >= READ_MORE_MIN_CHARACTERS ||
    news.newsLinks.length > 0
  );
}

/** 'NA' or null means no image: the page shows a placeholder. */
export function hasNewsImage(imagePath: string | null): imagePath is string {
  return imagePath !== null && imagePath.trim() !== '' && imagePath.trim().toUpperCase() !== 'NA';
}
