import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '@cloud-portal/contract/content/news-rules';
import type {
  TGetAllNewsRequest,
  TGetAllNewsResponse,
} from '@cloud-portal/contract/content/get-all-news';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/news/getAllNews: the company's newest published news (one page). */
export function getAllNews(signal?: AbortSignal): Promise<TGetAllNewsResponse> {
  const body: TGetAllNewsRequest = {
    websiteUrl: getSiteOrigin(),
    limit: NEWS_PAGE_SIZE,
    offset: 0,
  };
  return apiPost<TGetAllNewsResponse>('news/getAllNews', body, { signal });
}

export function allNewsQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'news'],
    queryFn: ({ signal }) => getAllNews(signal),
  });
}

export function useAllNews() {
  return useQuery(allNewsQueryOptions());
}
