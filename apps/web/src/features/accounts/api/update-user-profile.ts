import { useMutation } from '@tanstack/react-query';
import type { TUpdateUserProfileRequest } from '@cloud-portal/contract/accounts/profile';
import { apiPostForMessage } from '@/lib/api-client';
import { tidyAccountDetails } from './tidy-account-details';

/**
 * POST /api/profileSetting/updateUserProfile: 200 'Information updated successfully'. The details
 * are tidied before sending (vm-lifecycle.md §5).
 */
export function updateUserProfile(input: TUpdateUserProfileRequest): Promise<string> {
  return apiPostForMessage('profileSetting/updateUserProfile', tidyAccountDetails(input), {
    authenticated: true,
  });
}

export function useUpdateUserProfile() {
  return useMutation({ mutationFn: updateUserProfile });
}
