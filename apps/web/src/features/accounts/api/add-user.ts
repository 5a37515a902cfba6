import { useMutation } from '@tanstack/react-query';
import type { TAddUserRequest, TPendingLogin } from '@cloud-portal/contract/accounts/add-user';
import { apiPostForResult } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';
import { tidyAccountDetails } from './tidy-account-details';

type AddUserInput = Omit<TAddUserRequest, 'roleType' | 'websiteUrl'>;

/**
 * POST /api/adduser: sign-up (role user). 200 `{ ID, emailId }` (`ID` the pending login's opaque
 * reference) and 'An OTP is sent to your …';
 * 409 when the address already has an account; 400 with `data.errors`. The details are tidied
 * before sending (portal.md §5).
 */
export function addUser(input: AddUserInput) {
  const body: TAddUserRequest = {
    ...tidyAccountDetails(input),
    emailID: input.emailID.trim(),
    roleType: 'user',
    websiteUrl: getSiteOrigin(),
  };
  return apiPostForResult<TPendingLogin>('adduser', body);
}

export function useAddUser() {
  return useMutation({ mutationFn: addUser });
}
