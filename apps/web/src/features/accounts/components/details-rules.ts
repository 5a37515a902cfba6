import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { requireText, validateMobileNumber } from './account-field-rules';
import { findCountryByIso } from './country-options';

type TranslateProblem = (problem: string | null) => string | null;

/** The checks of the details sign-up and the profile share (their email checks differ). */
export function detailsRules(
  countries: readonly TCountry[] | undefined,
  translateProblem: TranslateProblem,
) {
  return {
    firstName: (value: string) =>
      translateProblem(requireText(value, accountMessages.firstNameRequired)),
    lastName: (value: string) =>
      translateProblem(requireText(value, accountMessages.lastNameRequired)),
    countryIso: (value: string) =>
      translateProblem(value === '' ? accountMessages.countryCodeRequired : null),
    contactNo: (value: string, values: { countryIso: string }) =>
      translateProblem(validateMobileNumber(value, findCountryByIso(countries, values.countryIso))),
    address: (value: string) =>
      translateProblem(requireText(value, accountMessages.streetAddressRequired)),
    region: (value: string) =>
      translateProblem(requireText(value, accountMessages.countryRequired)),
    city: (value: string) => translateProblem(requireText(value, accountMessages.cityRequired)),
    state: (value: string) => translateProblem(requireText(value, accountMessages.stateRequired)),
    postCode: (value: string) =>
      translateProblem(requireText(value, accountMessages.postcodeRequired)),
  };
}
