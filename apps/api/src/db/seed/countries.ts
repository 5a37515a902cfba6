import type { countries } from '../schema/company';

type CountryRow = typeof countries.$inferInsert;

/**
 * Reference data: dialling codes, national mobile number lengths (without the leading 0),
 * currency and standard VAT/GST rate in basis points.
 */
export const COUNTRIES: CountryRow[] = [
  { isoCode: 'ZA', name: 'South Africa', dialCode: '+27', mobileMinLength: 9, mobileMaxLength: 9, currency: 'ZAR', taxBasisPoints: 1500, sortOrder: 1 },
  { isoCode: 'KE', name: 'Kenya', dialCode: '+254', mobileMinLength: 9, mobileMaxLength: 9, currency: 'KES', taxBasisPoints: 1600, sortOrder: 2 },
  { isoCode: 'KR', name: 'South Korea', dialCode: '+82', mobileMinLength: 9, mobileMaxLength: 10, currency: 'KRW', taxBasisPoints: 1000, sortOrder: 3 },
  { isoCode: 'BW', name: 'Botswana', dialCode: '+267', mobileMinLength: 8, mobileMaxLength: 8, currency: 'BWP', taxBasisPoints: 1400, sortOrder: 10 },
  { isoCode: 'NA', name: 'Namibia', dialCode: '+264', mobileMinLength: 9, mobileMaxLength: 9, currency: 'NAD', taxBasisPoints: 1500, sortOrder: 10 },
  { isoCode: 'NG', name: 'Nigeria', dialCode: '+234', mobileMinLength: 10, mobileMaxLength: 10, currency: 'NGN', taxBasisPoints: 750, sortOrder: 10 },
  { isoCode: 'TZ', name: 'Tanzania', dialCode: '+255', mobileMinLength: 9, mobileMaxLength: 9, currency: 'TZS', taxBasisPoints: 1800, sortOrder: 10 },
  { isoCode: 'UG', name: 'Uganda', dialCode: '+256', mobileMinLength: 9, mobileMaxLength: 9, currency: 'UGX', taxBasisPoints: 1800, sortOrder: 10 },
  { isoCode: 'ZW', name: 'Zimbabwe', dialCode: '+263', mobileMinLength: 9, mobileMaxLength: 9, currency: 'USD', taxBasisPoints: 1500, sortOrder: 10 },
  { isoCode: 'GB', name: 'United Kingdom', dialCode: '+44', mobileMinLength: 10, mobileMaxLength: 10, currency: 'GBP', taxBasisPoints: 2000, sortOrder: 10 },
  { isoCode: 'US', name: 'United States', dialCode: '+1', mobileMinLength: 10, mobileMaxLength: 10, currency: 'USD', taxBasisPoints: 0, sortOrder: 10 },
  { isoCode: 'IN', name: 'India', dialCode: '+91', mobileMinLength: 10, mobileMaxLength: 10, currency: 'INR', taxBasisPoints: 1800, sortOrder: 10 },
];
