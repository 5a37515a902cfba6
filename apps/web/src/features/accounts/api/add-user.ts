import { useMutation } from '@tanstack/react-query';
import type { TAddUserRequest, TPendingLogin } from '@cloud-portal/contract/accounts/add-user';
import { collapseSpaces } from '@cloud-portal/contract/validation/account-rules';
import { apiPostForResult } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

export type AddUserInput = Omit<TAddUserRequest, 'roleType' | 'websiteUrl'>;

/**
 * POST /api/adduser: sign-up (role user). 200 `{ ID, emailId }` and 'An OTP is sent to your …';
 * 409 when the address already has an account; 400 with `data.errors`. Runs of spaces in the
 * names, address, city and state are collapsed before sending (portal.md §5).
 */
export function addUser(input: AddUserInput) {
  const body: TAddUserRequest = {
    firstName: collapseSpaces(input.firstName),
    lastName: collapseSpaces(input.lastName),
    emailID: input.emailID.trim(),
    countryCode: input.countryCode,
    contactNo: input.contactNo.trim(),
    password: input.password,
    companyName: collapseSpaces(input.companyName ?? ''),
    vatNumber: (input.vatNumber ?? '').trim(),
    address: collapseSpaces(input.address),
    region: input.region,
    city: collapseSpaces(input.city),
    state: collapseSpaces(input.state),
    postCode: input.postCode.trim(),
    roleType: 'user',
    websiteUrl: getSiteOrigin(),
  };
  return apiPostForResult<TPendingLogin>('adduser', body);
}

export function useAddUser() {
  return useMutation({ mutationFn: addUser });
}
