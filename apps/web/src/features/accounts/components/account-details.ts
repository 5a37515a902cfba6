import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import { findCountryByIso } from './country-options';

/*
 * The personal information and billing address that sign-up and the profile both edit: the
 * fields in the order they appear, and what the server is sent.
 */

export const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'emailID',
  'countryIso',
  'contactNo',
] as const;

export const BILLING_FIELDS = [
  'companyName',
  'vatNumber',
  'address',
  'region',
  'city',
  'state',
  'postCode',
] as const;

export type DetailsValues = Record<
  (typeof PERSONAL_FIELDS)[number] | (typeof BILLING_FIELDS)[number],
  string
>;

/** The server names the dialling code `countryCode`; the forms keep the chosen country. */
export const DETAILS_FIELD_NAMES = { countryCode: 'countryIso' };

export function toDetailsRequest(
  values: DetailsValues,
  countries: readonly TCountry[] | undefined,
) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    emailID: values.emailID,
    countryCode: findCountryByIso(countries, values.countryIso)?.countryCode ?? '',
    contactNo: values.contactNo,
    companyName: values.companyName,
    vatNumber: values.vatNumber,
    address: values.address,
    region: values.region,
    city: values.city,
    state: values.state,
    postCode: values.postCode,
  };
}
