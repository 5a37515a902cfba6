import { desc, eq } from 'drizzle-orm';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import type { Database } from '../../db/client';
import { news } from '../../db/schema/content';

export async function listNews(
  db: Database,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<TNews[]> {
  const rows = await db
    .select()
    .from(news)
    .where(eq(news.companyId, companyId))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toNews);
}

export function toNews(row: typeof news.$inferSelect): TNews {
  return {
    ID: row.id,
    newsTitle: row.title,
    newsContent: row.content,
    imagePath: row.imagePath,
    newsLinks: row.links,
    publishedAt: row.publishedAt.toISOString(),
  };
}
