import { useQuery } from '@tanstack/react-query';
import type {
  TGetExternalCloudRequest,
  TGetExternalCloudResponse,
} from '@cloud-portal/contract/content/get-external-cloud';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/marketplace/getExternalCloud: the company's partner clouds. */
export function getExternalCloud(signal?: AbortSignal): Promise<TGetExternalCloudResponse> {
  const body: TGetExternalCloudRequest = { websiteUrl: getSiteOrigin() };
  return apiPost<TGetExternalCloudResponse>('marketplace/getExternalCloud', body, { signal });
}

export function useExternalCloud() {
  return useQuery({
    queryKey: ['content', 'external-cloud'],
    queryFn: ({ signal }) => getExternalCloud(signal),
    staleTime: 5 * 60_000,
  });
}
