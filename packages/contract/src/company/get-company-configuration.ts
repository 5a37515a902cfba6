import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { LANGUAGES } from './company-rules';

const ZLanguage = z.enum(LANGUAGES);

/** POST /api/getCompanyConfiguration */
export const ZGetCompanyConfigurationRequest = z.object({ customerUrl: zWebsiteUrl });
export type TGetCompanyConfigurationRequest = z.input<typeof ZGetCompanyConfigurationRequest>;

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
  /**
   * Not in the spec (ADR 014): the brand facts the pages would otherwise assume. The country's ISO
   * code and dialling code (the sign-up's default phone code, the phone hints, the data-protection
   * law of the built-in texts), the IANA time zone and the support hours in it.
   */
  countryIsoCode: nullableText,
  dialCode: nullableText,
  timeZone: z.string(),
  supportHours: z.object({
    /** ISO weekdays, 1 Monday to 7 Sunday, in order. */
    days: z.array(z.number().int().min(1).max(7)),
    /** 'HH:MM' in `timeZone`. */
    opensAt: z.string(),
    closesAt: z.string(),
  }),
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
