import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { membershipEnquiries } from '../../db/schema/content';
import type { MailService } from '../../mail/mail-service';
import { mailCompanyAndSender } from '../../mail/mail-company-and-sender';
import { membershipEnquiryMail, membershipThankYouMail } from '../../mail/templates/content-mails';
import { toMailBrand } from '../../mail/templates/mail-layout';
import type { Company } from '../../tenancy/company-directory';
import { companyLanguage } from '../../tenancy/request-language';
import type { CheckedLogo } from './membership-logo';

type MembershipEnquiry = {
  companyName: string;
  email: string;
  contactNumber: string;
  vatNumber: string;
  registrationNumber: string;
  companyAddress: string;
};

/** Stores the enquiry (and its logo under uploads/<company>/membership/), mails it to the company with the logo. */
export async function sendMembershipEnquiry(
  deps: { mail: MailService; uploadsDir: string },
  company: Company,
  enquiry: MembershipEnquiry,
  logo: CheckedLogo | null,
  language: TLanguage,
): Promise<void> {
  let logoPath: string | null = null;
  if (logo) {
    const relative = path.join(company.slug, 'membership', `${randomUUID()}.${logo.extension}`);
    await fs.mkdir(path.dirname(path.join(deps.uploadsDir, relative)), { recursive: true });
    await fs.writeFile(path.join(deps.uploadsDir, relative), logo.bytes);
    logoPath = relative;
  }
  await deps.mail.inTransaction(async (tx, sender) => {
    await tx.insert(membershipEnquiries).values({ companyId: company.id, ...enquiry, logoPath });
    await mailCompanyAndSender(sender, company, {
      kind: 'membership',
      senderEmail: enquiry.email,
      toCompany: membershipEnquiryMail(toMailBrand(company), companyLanguage(company), {
        ...enquiry,
        hasLogo: logo !== null,
      }),
      acknowledgement: (brand) => membershipThankYouMail(brand, language),
      attachments:
        logo && logoPath
          ? [
              {
                filename: `${enquiry.companyName.replace(/[^\w.-]+/g, '-').slice(0, 60)}-logo.${logo.extension}`,
                path: path.join(deps.uploadsDir, logoPath),
                contentType: logo.contentType,
              },
            ]
          : [],
    });
  });
}
