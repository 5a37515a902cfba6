import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { contactMessages } from '../../db/schema/content';
import type { MailService } from '../../mail/mail-service';
import { mailCompanyAndSender } from '../../mail/mail-company-and-sender';
import { contactReceivedMail, contactThankYouMail } from '../../mail/templates/content-mails';
import { toMailBrand } from '../../mail/templates/mail-layout';
import type { Company } from '../../tenancy/company-directory';
import { companyLanguage } from '../../tenancy/request-language';

/** Stores a "Write to us" message and mails it to the company, with an acknowledgement to the writer. */
export async function writeToUs(
  mail: MailService,
  company: Company,
  message: { email: string; content: string; language: TLanguage },
): Promise<void> {
  const from = { email: message.email, content: message.content };
  await mail.inTransaction(async (tx, sender) => {
    await tx.insert(contactMessages).values({ companyId: company.id, ...from });
    await mailCompanyAndSender(sender, company, {
      kind: 'contact',
      senderEmail: message.email,
      toCompany: contactReceivedMail(toMailBrand(company), companyLanguage(company), from),
      acknowledgement: (brand) => contactThankYouMail(brand, message.language),
    });
  });
}
