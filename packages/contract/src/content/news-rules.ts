/** Plain rules about news, for the browser and the server alike (no zod). */

export const NEWS_PAGE_SIZE = 30;

/** portal.md §9: Read More shows when the text without whitespace has 142+ characters or links. */
export const READ_MORE_MIN_CHARACTERS = 142;

export function needsReadMore(news: { newsContent: string; newsLinks: string[] }): boolean {
  return (
    news.newsContent.replace(/\s/g, '').length >= READ_MORE_MIN_CHARACTERS ||
    news.newsLinks.length > 0
  );
}

/** 'NA' or null means no image: the page shows a placeholder. */
export function hasNewsImage(imagePath: string | null): imagePath is string {
  return imagePath !== null && imagePath.trim() !== '' && imagePath.trim().toUpperCase() !== 'NA';
}
