/** Plain rules about a company's public data, for the browser and the server alike (no zod). */

export const LANGUAGES = ['en', 'ko'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

/** A supported language code, or English for anything else. */
export function toLanguage(value: string | null | undefined): TLanguage {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as TLanguage) : 'en';
}

export const SERVICE_OPTIONS = ['RedirectionURL', 'CloudService', 'SendEmailForEnquiry'] as const;

/** The home page's Our Reach shows the first three addresses (portal.md §9). */
export const HOME_ADDRESS_LIMIT = 3;

type CompletenessFields = {
  contactNo: string | null;
  country: string | null;
  emailID: string | null;
  officeAddress: string | null;
  registrationAgreement: string | null;
  termCondition: string | null;
};

/**
 * portal.md §4: the site is shown only when contactNo, country, emailID and officeAddress hold a
 * value ('NA' counts as blank) and registrationAgreement and termCondition are present in the
 * answer. Those two are document paths that may be null, meaning "use the built-in text"
 * (docs/decisions/002-company-configuration-completeness.md).
 */
export function isCompanyConfigurationComplete(config: Partial<CompletenessFields>): boolean {
  const hasValue = (value: string | null | undefined) =>
    typeof value === 'string' && value.trim() !== '' && value.trim().toUpperCase() !== 'NA';
  return (
    hasValue(config.contactNo) &&
    hasValue(config.country) &&
    hasValue(config.emailID) &&
    hasValue(config.officeAddress) &&
    config.registrationAgreement !== undefined &&
    config.termCondition !== undefined
  );
}

/** `/businessunit/{businessName}` drops slashes from the name (portal.md §2). */
export function toBusinessUnitSlug(businessName: string): string {
  return businessName.replaceAll('/', '');
}
