import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import type {
  TProfileListPaging,
  TUserProfileInfoResponse,
  ZUpdateUserProfileRequest,
} from '@cloud-portal/contract/accounts/profile';
import { PROFILE_IMAGE_INVALID } from '@cloud-portal/contract/accounts/profile';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { companies } from '../../db/schema/company';
import { readImage } from '../../http/image-uploads';
import { listCountries } from '../company/list-countries';
import type { Company } from '../../tenancy/company-directory';
import { checkMobileNumber } from '../accounts/sign-up';
import type { Customer } from '../accounts/sessions';
import { toCustomerDetailColumns } from '../accounts/customer-details';
import { listPurchaseHistory } from '../orders/purchase-history';
import { listActiveVms } from '../vms/queries/active-vms';
import { listArchivedVms } from '../vms/queries/archived-vms';
import { listVmBackups } from '../vms/actions/backups';
import { listRenewalVms } from '../vms/queries/renewal-vms';

const pagingOf = ({ page, pageSize, total }: TProfileListPaging): TProfileListPaging => ({
  page,
  pageSize,
  total,
});

export async function getProfile(
  db: Database,
  company: Company,
  customer: Customer,
): Promise<TUserProfileInfoResponse> {
  const owner = { companyId: company.id, customerId: customer.id };
  // Each tab's first page, as its own paged call answers it, as a list with its paging beside it
  // (vm-lifecycle.md §3 "Profile details"; ADR 026).
  const [
    countryList,
    activeProducts,
    purchaseHistory,
    renewVM,
    cloneVMDetails,
    archivedVM,
    networkScript,
  ] = await Promise.all([
    listCountries(db),
    listActiveVms(db, owner, 1),
    listPurchaseHistory(db, owner, 1),
    listRenewalVms(db, owner, 1),
    listVmBackups(db, owner, { page: 1 }),
    listArchivedVms(db, owner, 1),
    // Read fresh: the company directory's cached copy may be older than the flag.
    db
      .select({ isRunning: companies.networkScriptRunning })
      .from(companies)
      .where(eq(companies.id, company.id)),
  ]);
  const country = countryList.find((entry) => entry.countryCode === customer.dialCode);
  return {
    userDetails: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      emailID: customer.email,
      contactNo: customer.mobileNumber,
      countryCode: customer.dialCode,
      mobileNoMinLength: country?.mobileNoMinLength ?? 4,
      mobileNoMaxLength: country?.mobileNoMaxLength ?? 15,
      address: customer.address,
      postalCode: customer.postalCode,
      companyName: customer.companyName,
      city: customer.city,
      state: customer.state,
      region: customer.region,
      imagePath: customer.imagePath,
      websiteUrl: company.portalUrl,
      customerVatNumber: customer.vatNumber,
    },
    country: countryList,
    activeProducts: activeProducts.rows,
    activeProductsPaging: pagingOf(activeProducts),
    purchaseHistory: purchaseHistory.rows,
    purchaseHistoryPaging: pagingOf(purchaseHistory),
    renewVM: renewVM.rows,
    renewVMPaging: pagingOf(renewVM),
    cloneVMDetails: cloneVMDetails.rows,
    cloneVMDetailsPaging: pagingOf(cloneVMDetails),
    archivedVM: archivedVM.rows,
    archivedVMPaging: pagingOf(archivedVM),
    meraki: { runMerakiScript: networkScript[0]?.isRunning ? 1 : 0 },
  };
}

/** Personal information and billing address; the email is not changed here. */
export async function updateProfile(
  db: Database,
  customer: Customer,
  input: z.output<typeof ZUpdateUserProfileRequest>,
): Promise<void> {
  await checkMobileNumber(db, input.countryCode, input.contactNo);
  await db
    .update(customers)
    .set(toCustomerDetailColumns(input))
    .where(eq(customers.id, customer.id));
}

/**
 * The upload is decoded from its bytes (a disguised file fails here), then re-encoded as a
 * 512 px WebP without metadata: what is stored is always a clean image we made.
 */
export async function updateProfileImage(
  db: Database,
  uploadsDir: string,
  company: Company,
  customer: Customer,
  upload: Buffer,
): Promise<string> {
  await readImage(upload, 'image', PROFILE_IMAGE_INVALID);
  const image = await sharp(upload)
    .rotate()
    .resize(512, 512, { fit: 'cover' })
    .webp({ quality: 82 })
    .toBuffer();
  const relative = path.posix.join(company.slug, 'profiles', `${customer.id}-${randomUUID()}.webp`);
  await fs.mkdir(path.join(uploadsDir, company.slug, 'profiles'), { recursive: true });
  await fs.writeFile(path.join(uploadsDir, relative), image);
  const imagePath = `/uploads/${relative}`;
  await db.update(customers).set({ imagePath }).where(eq(customers.id, customer.id));
  await removeStoredImage(uploadsDir, customer.imagePath);
  return imagePath;
}

export async function removeProfileImage(
  db: Database,
  uploadsDir: string,
  customer: Customer,
): Promise<void> {
  await db.update(customers).set({ imagePath: null }).where(eq(customers.id, customer.id));
  await removeStoredImage(uploadsDir, customer.imagePath);
}

async function removeStoredImage(uploadsDir: string, imagePath: string | null): Promise<void> {
  if (!imagePath?.startsWith('/uploads/')) return;
  const file = path.resolve(uploadsDir, imagePath.slice('/uploads/'.length));
  if (file.startsWith(path.resolve(uploadsDir) + path.sep)) await fs.rm(file, { force: true });
}
