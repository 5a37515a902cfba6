import { useQuery } from '@tanstack/react-query';
import type {
  TCheckRedirectRequest,
  TCheckRedirectResponse,
} from '@cloud-portal/contract/content/check-redirect';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/redirect/check: 200 `{ url }` when the link may be followed, else 403. */
export function checkRedirect(url: string, signal?: AbortSignal): Promise<TCheckRedirectResponse> {
  const body: TCheckRedirectRequest = { url, websiteUrl: getSiteOrigin() };
  return apiPost<TCheckRedirectResponse>('redirect/check', body, { signal });
}

export function useCheckRedirect(url: string | null) {
  return useQuery({
    queryKey: ['content', 'redirect', url],
    queryFn: ({ signal }) => checkRedirect(url ?? '', signal),
    enabled: url !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
