import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';

export const LANGUAGES = ['en', 'ko'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;

/** POST /api/getCompanyConfiguration */
export const ZGetCompanyConfigurationRequest = z.object({ customerUrl: zWebsiteUrl });
export type TGetCompanyConfigurationRequest = z.infer<typeof ZGetCompanyConfigurationRequest>;

const nullableText = z.string().nullable();

/** portal.md §3 "Company configuration", plus the brand settings a provider needs. */
export const ZCompanyConfiguration = z.object({
  ID: z.number().int(),
  companyName: z.string(),
  imagePath: nullableText,
  websiteUrl: z.string(),
  wwwUrl: nullableText,
  facebook: nullableText,
  instagram: nullableText,
  twitter: nullableText,
  linkedIn: nullableText,
  youtube: nullableText,
  contactNo: nullableText,
  country: nullableText,
  emailID: nullableText,
  officeAddress: nullableText,
  city: nullableText,
  postalCode: nullableText,
  /** Document paths; null means the built-in text is shown. */
  registrationAgreement: nullableText,
  termCondition: nullableText,
  privacyPolicy: nullableText,
  companyVideoPath: nullableText,
  regionID: z.number().int().nullable(),
  maintenanceModeRedirect: nullableText,
  maintenanceModeMsg: nullableText,
  defaultLanguage: ZLanguage,
  /** A CSS colour such as `#0b6bcb`; null keeps the portal's default palette. */
  primaryColor: nullableText,
});
export type TCompanyConfiguration = z.infer<typeof ZCompanyConfiguration>;

/** `data` of a status-300 answer: enough to brand the maintenance page. */
export const ZMaintenanceInfo = z.object({
  companyName: z.string(),
  imagePath: nullableText,
  maintenanceModeMsg: nullableText,
  maintenanceModeRedirect: nullableText,
});
export type TMaintenanceInfo = z.infer<typeof ZMaintenanceInfo>;

export const ZGetCompanyConfigurationResponse = ZCompanyConfiguration;

/**
 * portal.md §4: the site is shown only when contactNo, country, emailID and officeAddress hold a
 * value ('NA' counts as blank) and registrationAgreement and termCondition are present in the
 * answer. Those two are document paths that may be null, meaning "use the built-in text"
 * (docs/decisions/002-company-configuration-completeness.md).
 */
export function isCompanyConfigurationComplete(config: Partial<TCompanyConfiguration>): boolean {
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
