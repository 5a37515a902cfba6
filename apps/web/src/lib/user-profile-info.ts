import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TProfileListPaging,
  TUserProfileInfoResponse,
} from '@cloud-portal/contract/accounts/profile';
import { apiGet } from '@/lib/api-client';

export const USER_PROFILE_QUERY_KEY = ['accounts', 'profile'] as const;

type ProfileList =
  'activeProducts' | 'purchaseHistory' | 'renewVM' | 'cloneVMDetails' | 'archivedVM';
type ProfilePage<Name extends ProfileList> = TProfileListPaging & {
  rows: TUserProfileInfoResponse[Name];
};

/**
 * The profile as the tabs read it: each list the wire carries as the spec's list with its paging
 * beside it (`activeProducts` + `activeProductsPaging`) comes together as one page object,
 * `{ rows, page, pageSize, total }`, the shape each tab's own paged call answers.
 */
type UserProfileInfo = Omit<TUserProfileInfoResponse, ProfileList | `${ProfileList}Paging`> & {
  [Name in ProfileList]: ProfilePage<Name>;
};

export function toUserProfileInfo(wire: TUserProfileInfoResponse): UserProfileInfo {
  const {
    activeProducts,
    activeProductsPaging,
    purchaseHistory,
    purchaseHistoryPaging,
    renewVM,
    renewVMPaging,
    cloneVMDetails,
    cloneVMDetailsPaging,
    archivedVM,
    archivedVMPaging,
    ...rest
  } = wire;
  return {
    ...rest,
    activeProducts: { rows: activeProducts, ...activeProductsPaging },
    purchaseHistory: { rows: purchaseHistory, ...purchaseHistoryPaging },
    renewVM: { rows: renewVM, ...renewVMPaging },
    cloneVMDetails: { rows: cloneVMDetails, ...cloneVMDetailsPaging },
    archivedVM: { rows: archivedVM, ...archivedVMPaging },
  };
}

/** GET /api/profileSetting/userProfileInfo: the customer's details, the country list and each tab's first page. */
export async function getUserProfileInfo(signal?: AbortSignal): Promise<UserProfileInfo> {
  return toUserProfileInfo(
    await apiGet<TUserProfileInfoResponse>('profileSetting/userProfileInfo', {
      signal,
      authenticated: true,
    }),
  );
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
