import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserProfileInfoResponse } from '@cloud-portal/contract/accounts/profile';
import { apiGet } from '@/lib/api-client';

export const USER_PROFILE_QUERY_KEY = ['accounts', 'profile'] as const;

/** GET /api/profileSetting/userProfileInfo: the customer's details and the country list. */
export function getUserProfileInfo(signal?: AbortSignal): Promise<TUserProfileInfoResponse> {
  return apiGet<TUserProfileInfoResponse>('profileSetting/userProfileInfo', {
    signal,
    authenticated: true,
  });
}

export function userProfileInfoQueryOptions() {
  return queryOptions({
    queryKey: USER_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getUserProfileInfo(signal),
  });
}

export function useUserProfileInfo() {
  return useQuery(userProfileInfoQueryOptions());
}
