import { isContactNumber } from '@cloud-portal/contract/content/membership-rules';
import { presentValue } from '../../../lib/present-value';

/**
 * The example in the contact-number hint, from the company's own country (ADR 014): its own
 * number when written in full with its dialling code ("+254 20 765 4321"), else the dialling code
 * alone ("+254 …"); null when the company gives neither.
 */
export function contactNumberExample(company: {
  contactNo: string | null;
  dialCode: string | null;
}): string | null {
  const own = presentValue(company.contactNo);
  const isOwnUsable =
    own !== null &&
    own.startsWith('+') &&
    isContactNumber(own) &&
    (company.dialCode === null || own.replace(/\s/g, '').startsWith(company.dialCode));
  if (isOwnUsable) return own;
  return company.dialCode === null ? null : `${company.dialCode} …`;
}
