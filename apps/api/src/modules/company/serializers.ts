import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';
import { toLanguage } from '@cloud-portal/contract/company/company-rules';
import type { TCompanyAddress } from '@cloud-portal/contract/company/get-company-address';
import type { TMenuItem } from '@cloud-portal/contract/company/get-dropdown-list';
import type { TCountry } from '@cloud-portal/contract/company/get-country-code';
import type { Company } from '../../tenancy/company-directory';
import type { companyAddresses, countries, menuItems } from '../../db/schema/company';

/** The company's row and its country's (for the dialling code) as getCompanyConfiguration's data. */
export function toCompanyConfiguration(
  company: Company,
  country: Pick<typeof countries.$inferSelect, 'isoCode' | 'dialCode'> | null,
): TCompanyConfiguration {
  return {
    ID: company.id,
    companyName: company.name,
    imagePath: company.logoPath,
    websiteUrl: company.portalUrl,
    wwwUrl: company.websiteUrl,
    facebook: company.facebookUrl,
    instagram: company.instagramUrl,
    twitter: company.twitterUrl,
    linkedIn: company.linkedinUrl,
    youtube: company.youtubeUrl,
    contactNo: company.contactNumber,
    country: company.country,
    emailID: company.email,
    officeAddress: company.officeAddress,
    city: company.city,
    postalCode: company.postalCode,
    registrationAgreement: company.registrationAgreementPath,
    termCondition: company.termsPath,
    privacyPolicy: company.privacyPolicyPath,
    companyVideoPath: company.videoPath,
    regionID: company.regionId,
    maintenanceModeRedirect: company.maintenanceRedirectUrl,
    maintenanceModeMsg: company.maintenanceMessage,
    defaultLanguage: toLanguage(company.defaultLanguage),
    primaryColor: company.primaryColor,
    countryIsoCode: country?.isoCode ?? null,
    dialCode: country?.dialCode ?? null,
    timeZone: company.timeZone,
    supportHours: {
      days: [...new Set(company.supportDays)].sort((a, b) => a - b),
      opensAt: company.supportOpensAt,
      closesAt: company.supportClosesAt,
    },
  };
}

export function toMenuItem(row: typeof menuItems.$inferSelect): TMenuItem {
  return { menuName: row.name, redirectURL: row.url };
}

export function toCompanyAddress(row: typeof companyAddresses.$inferSelect): TCompanyAddress {
  return { country: row.country, officeAddress: row.officeAddress, city: row.city };
}

export function toCountry(row: typeof countries.$inferSelect): TCountry {
  return {
    countryCode: row.dialCode,
    countryName: row.name,
    isoCode: row.isoCode,
    mobileNoMinLength: row.mobileMinLength,
    mobileNoMaxLength: row.mobileMaxLength,
    currency: row.currency,
    taxValue: row.taxBasisPoints / 100,
  };
}
