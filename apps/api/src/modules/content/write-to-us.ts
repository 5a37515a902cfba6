import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/content';
import type { MailService } from '../../mail/mail-service';
import { mailCompanyAndSender } from '../../mail/mail-company-and-sender';
import { contactReceivedMail, contactThankYouMail } from '../../mail/templates/content-mails';
import { toMailBrand } from '../../mail/templates/mail-layout';
import type { Company } from '../../tenancy/company-directory';
import { companyLanguage } from '../../tenancy/request-language';

/** Stores a "Write to us" message and mails it to the company, with a thank-you to the writer. */
export async function writeToUs(
  db: Database,
  mail: MailService,
  company: Company,
  message: { email: string; content: string; language: TLanguage },
): Promise<void> {
  const from = { email: message.email, content: message.content };
  await db.insert(contactMessages).values({ companyId: company.id, ...from });
  const brand = toMailBrand(company);
  await mailCompanyAndSender(mail, company, {
    kind: 'contact',
    senderEmail: message.email,
    toCompany: contactReceivedMail(brand, companyLanguage(company), from),
    toSender: contactThankYouMail(brand, message.language, from),
  });
}
