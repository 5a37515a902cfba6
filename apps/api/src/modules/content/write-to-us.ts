import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/content';
import type { MailService } from '../../mail/mail-service';
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
  if (company.email) {
    await mail.send({
      companyId: company.id,
      kind: 'contact-received',
      senderName: company.name,
      to: company.email,
      replyTo: message.email,
      ...contactReceivedMail(brand, companyLanguage(company), from),
    });
  }
  await mail.send({
    companyId: company.id,
    kind: 'contact-thank-you',
    senderName: company.name,
    to: message.email,
    replyTo: company.email,
    ...contactThankYouMail(brand, message.language, from),
  });
}
