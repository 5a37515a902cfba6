import { useQuery } from '@tanstack/react-query';
import type {
  TGetNewsDetailRequest,
  TGetNewsDetailResponse,
} from '@cloud-portal/contract/content/get-news-detail';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/news/getNewsDetail: one news item (404 'This news item is not available'). */
export function getNewsDetail(ID: number, signal?: AbortSignal): Promise<TGetNewsDetailResponse> {
  const body: TGetNewsDetailRequest = { ID, websiteUrl: getSiteOrigin() };
  return apiPost<TGetNewsDetailResponse>('news/getNewsDetail', body, { signal });
}

/** Loads an item only when asked (`ID` not null); the page covers itself while it loads. */
export function useNewsDetail(ID: number | null) {
  return useQuery({
    queryKey: ['content', 'news', ID],
    queryFn: ({ signal }) => getNewsDetail(ID ?? 0, signal),
    enabled: ID !== null,
    meta: { blocking: true },
  });
}
