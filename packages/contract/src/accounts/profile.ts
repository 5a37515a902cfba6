import { z } from 'zod';
import { accountTexts } from './account-texts';
import { accountMessages } from '../validation/account-rules';
import { ZCountry } from '../company/get-country-code';
import { zBillingAddress, zCountryCode, zMobileNumber, zPersonName } from './account-fields';
import { ZPurchaseHistoryPage } from '../orders/purchase-history';
import { ZActiveVmsPage } from '../vms/active-vms';
import { ZArchivedVmsPage } from '../vms/archived-vms';
import { ZVmBackupsPage } from '../vms/backups';
import { ZRenewalVmsPage } from '../vms/renewals';

export const PROFILE_UPDATED = accountTexts.profileUpdated;
export const IMAGE_UPLOADED = accountTexts.imageUploaded;
export const IMAGE_REMOVED = accountTexts.imageRemoved;
export { PROFILE_IMAGE_MAX_BYTES } from './profile-image-rules';
export const PROFILE_IMAGE_INVALID = accountTexts.imageInvalid;
export const PROFILE_IMAGE_TOO_LARGE = accountTexts.imageTooLarge;

/** GET /api/profileSetting/userProfileInfo: the customer's details (vm-lifecycle.md §3 "Profile details"). */
const ZUserDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailID: z.string(),
  contactNo: z.string(),
  countryCode: z.string(),
  mobileNoMinLength: z.number().int(),
  mobileNoMaxLength: z.number().int(),
  address: z.string(),
  postalCode: z.string(),
  companyName: z.string(),
  city: z.string(),
  state: z.string(),
  region: z.string(),
  imagePath: z.string().nullable(),
  websiteUrl: z.string(),
  customerVatNumber: z.string(),
});
export type TUserDetails = z.infer<typeof ZUserDetails>;

/** Where a profile list sits among its pages: its page's number and size, and the rows in all. */
const ZProfileListPaging = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TProfileListPaging = z.infer<typeof ZProfileListPaging>;

/**
 * vm-lifecycle.md §3 "Profile details": activeProducts, purchaseHistory, renewVM, cloneVMDetails
 * and archivedVM are lists, as the spec has them: each tab's first page of rows. Beside each, its
 * `<name>Paging` says which page that is and how many rows there are in all (ADR 026); further
 * pages come from each tab's own paged call.
 */
export const ZUserProfileInfoResponse = z.object({
  userDetails: ZUserDetails,
  country: z.array(ZCountry),
  /** The Products tab's first page (§2.7); further pages: vmAction/activeVMs. */
  activeProducts: ZActiveVmsPage.shape.rows,
  activeProductsPaging: ZProfileListPaging,
  /** The Purchase History tab's first page (§2.7); further pages: profileSetting/purchaseHistory. */
  purchaseHistory: ZPurchaseHistoryPage.shape.rows,
  purchaseHistoryPaging: ZProfileListPaging,
  /** The Renewals tab's first page (§2.7); further pages: vmAction/renewalVMs. */
  renewVM: ZRenewalVmsPage.shape.rows,
  renewVMPaging: ZProfileListPaging,
  /**
   * The first page of the customer's clones and snapshots, all machines together (§3 "Clone or
   * snapshot row"); further pages, or one machine's: vmAction/vmBackups.
   */
  cloneVMDetails: ZVmBackupsPage.shape.rows,
  cloneVMDetailsPaging: ZProfileListPaging,
  /** The Archived tab's first page (§2.7); further pages: vmAction/archivedVMs. */
  archivedVM: ZArchivedVmsPage.shape.rows,
  archivedVMPaging: ZProfileListPaging,
  /**
   * vm-lifecycle.md §3 "Profile details" `meraki`: runMerakiScript 1 while the company's network
   * script runs; the Products tab's Assign then shows the maintenance message instead of opening.
   */
  meraki: z.object({ runMerakiScript: z.union([z.literal(0), z.literal(1)]) }),
});
export type TUserProfileInfoResponse = z.infer<typeof ZUserProfileInfoResponse>;

/** POST /api/profileSetting/updateUserProfile: the email cannot be changed here (shown disabled). */
export const ZUpdateUserProfileRequest = z.object({
  firstName: zPersonName(accountMessages.firstNameRequired),
  lastName: zPersonName(accountMessages.lastNameRequired),
  countryCode: zCountryCode,
  contactNo: zMobileNumber,
  emailID: z.string().optional(),
  ...zBillingAddress,
});
export type TUpdateUserProfileRequest = z.input<typeof ZUpdateUserProfileRequest>;

/**
 * POST /api/profileSetting/registerUserOpenNebula (vm-lifecycle.md §7, payload `ID`): the spec's
 * call to register the customer on an Open Nebula cloud. The portal drives no Open Nebula cloud,
 * so it answers 422 with this message rather than 404 (ADR 026).
 */
export const ZRegisterUserOpenNebulaRequest = z.object({
  ID: z.union([z.number().int(), z.string().trim().min(1).max(64)]),
});
export const OPEN_NEBULA_NOT_CONNECTED =
  'This portal has no Open Nebula cloud to register you with. Each VM’s access details are under View.';
