import { and, eq } from 'drizzle-orm';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { Database } from '../../db/client';
import { news } from '../../db/schema/content';
import { AppError } from '../../errors';
import { toNews } from './list-news';

/** One news item of the company; another company's item is as absent as a missing one. */
export async function getNewsDetail(
  db: Database,
  companyId: number,
  newsId: number,
): Promise<TNews> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, newsId), eq(news.companyId, companyId)));
  if (!row) throw new AppError(404, messages.newsNotFound);
  return toNews(row);
}
