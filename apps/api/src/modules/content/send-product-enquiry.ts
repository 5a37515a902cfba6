import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { productEnquiries } from '../../db/schema/content';
import type { MailService } from '../../mail/mail-service';
import { mailCompanyAndSender } from '../../mail/mail-company-and-sender';
import { enquiryReceivedMail, enquiryThankYouMail } from '../../mail/templates/content-mails';
import { toMailBrand } from '../../mail/templates/mail-layout';
import type { Company } from '../../tenancy/company-directory';
import { companyLanguage } from '../../tenancy/request-language';

type Enquiry = { name: string; email: string; productService: string; message: string };

/** Stores an enquiry about a business unit, mails it to the company and acknowledges it to the sender. */
export async function sendProductEnquiry(
  mail: MailService,
  company: Company,
  enquiry: Enquiry,
  language: TLanguage,
): Promise<void> {
  await mail.inTransaction(async (tx, sender) => {
    await tx.insert(productEnquiries).values({ companyId: company.id, ...enquiry });
    await mailCompanyAndSender(sender, company, {
      kind: 'enquiry',
      senderEmail: enquiry.email,
      toCompany: enquiryReceivedMail(toMailBrand(company), companyLanguage(company), enquiry),
      acknowledgement: (brand) => enquiryThankYouMail(brand, language),
    });
  });
}
