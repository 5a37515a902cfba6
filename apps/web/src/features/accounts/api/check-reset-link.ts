import { useQuery } from '@tanstack/react-query';
import type { TCheckResetLinkRequest } from '@cloud-portal/contract/accounts/password-recovery';
import { apiPost } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/**
 * POST /api/checkResetLink: whether the recovery link can still set a password. Resolves for a
 * usable link; 400 'This password recovery link is invalid or has expired' for a fake, used or
 * expired one. Checking does not spend the link.
 */
export function checkResetLink(queryStringValue: string, signal?: AbortSignal): Promise<null> {
  const body: TCheckResetLinkRequest = { queryStringValue, websiteUrl: getSiteOrigin() };
  return apiPost<null>('checkResetLink', body, { signal });
}

/** Asked once when the recovery page opens (never again for the same link on that page). */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['checkResetLink', token],
    queryFn: ({ signal }) => checkResetLink(token!, signal),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
