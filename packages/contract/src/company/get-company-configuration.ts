import { z } from 'zod';
import { zWebsiteUrl } from '../validation/website-url';
import { LANGUAGES } from './company-rules';

export const ZLanguage = z.enum(LANGUAGES);

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
