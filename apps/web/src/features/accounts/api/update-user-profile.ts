import { useMutation } from '@tanstack/react-query';
import type { TUpdateUserProfileRequest } from '@cloud-portal/contract/accounts/profile';
import { collapseSpaces } from '@cloud-portal/contract/validation/account-rules';
import { apiPostForMessage } from '@/lib/api-client';

/**
 * POST /api/profileSetting/updateUserProfile: 200 'Information updated successfully'. Runs of
 * spaces in the names, address, city and state are collapsed before sending (vm-lifecycle.md §5).
 */
export function updateUserProfile(input: TUpdateUserProfileRequest): Promise<string> {
  const body: TUpdateUserProfileRequest = {
    ...input,
    firstName: collapseSpaces(input.firstName),
    lastName: collapseSpaces(input.lastName),
    contactNo: input.contactNo.trim(),
    companyName: collapseSpaces(input.companyName ?? ''),
    vatNumber: (input.vatNumber ?? '').trim(),
    address: collapseSpaces(input.address),
    city: collapseSpaces(input.city),
    state: collapseSpaces(input.state),
    postCode: input.postCode.trim(),
  };
  return apiPostForMessage('profileSetting/updateUserProfile', body, { authenticated: true });
}

export function useUpdateUserProfile() {
  return useMutation({ mutationFn: updateUserProfile });
}
