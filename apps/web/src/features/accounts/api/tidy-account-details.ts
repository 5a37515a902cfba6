import type { TAddUserRequest } from '@cloud-portal/contract/accounts/add-user';
import { collapseSpaces } from '@cloud-portal/contract/validation/account-rules';

type AccountDetails = Pick<
  TAddUserRequest,
  | 'firstName'
  | 'lastName'
  | 'contactNo'
  | 'companyName'
  | 'vatNumber'
  | 'address'
  | 'city'
  | 'state'
  | 'postCode'
>;

/**
 * The details as sign-up and the profile send them (portal.md §5, vm-lifecycle.md §5): runs of
 * spaces in the names, company, address, city and state collapsed, the numbers trimmed.
 */
export function tidyAccountDetails<Details extends AccountDetails>(details: Details): Details {
  return {
    ...details,
    firstName: collapseSpaces(details.firstName),
    lastName: collapseSpaces(details.lastName),
    contactNo: details.contactNo.trim(),
    companyName: collapseSpaces(details.companyName ?? ''),
    vatNumber: (details.vatNumber ?? '').trim(),
    address: collapseSpaces(details.address),
    city: collapseSpaces(details.city),
    state: collapseSpaces(details.state),
    postCode: details.postCode.trim(),
  };
}
