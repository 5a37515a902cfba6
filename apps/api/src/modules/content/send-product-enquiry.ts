import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../db/client';
import { productEnquiries } from '../../db/schema/content';
import type { MailService } from '../../mail/mail-service';
import { mailCompanyAndSender } from '../../mail/mail-company-and-sender';
import { enquiryReceivedMail, enquiryThankYouMail } from '../../mail/templates/content-mails';
import { toMailBrand } from '../../mail/templates/mail-layout';
import type { Company } from '../../tenancy/company-directory';
import { companyLanguage } from '../../tenancy/request-language';

type Enquiry = { name: string; email: string; productService: string; message: string };

/** Stores an enquiry about a business unit, mails it to the company and thanks the sender. */
export async function sendProductEnquiry(
  db: Database,
  mail: MailService,
  company: Company,
  enquiry: Enquiry,
  language: TLanguage,
): Promise<void> {
  await db.insert(productEnquiries).values({ companyId: company.id, ...enquiry });
  const brand = toMailBrand(company);
  await mailCompanyAndSender(mail, company, {
    kind: 'enquiry',
    senderEmail: enquiry.email,
    toCompany: enquiryReceivedMail(brand, companyLanguage(company), enquiry),
    toSender: enquiryThankYouMail(brand, language, enquiry),
  });
}
