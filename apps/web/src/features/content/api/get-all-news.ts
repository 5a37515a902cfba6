import { useQuery } from '@tanstack/react-query';
import type {
  TGetAllNewsRequest,
  TGetAllNewsResponse,
} from '@cloud-portal/contract/content/get-all-news';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/news/getAllNews: the company's published news. */
export function getAllNews(signal?: AbortSignal): Promise<TGetAllNewsResponse> {
  const body: TGetAllNewsRequest = { websiteUrl: getSiteOrigin() };
  return apiPost<TGetAllNewsResponse>('news/getAllNews', body, { signal });
}

export function useAllNews() {
  return useQuery({
    queryKey: ['content', 'news'],
    queryFn: ({ signal }) => getAllNews(signal),
  });
}
