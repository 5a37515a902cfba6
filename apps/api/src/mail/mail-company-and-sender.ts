import type { MailSender } from './mail-service';
import { toMailBrand, type MailBrand, type RenderedMail } from './templates/mail-layout';
import type { Company } from '../tenancy/company-directory';
import type { MailAttachment } from '../db/schema/mail';

/**
 * A mail from the company to one address (replies go to the company), written in its brand.
 */
export function mailFromCompany(
  mail: MailSender,
  company: Company,
  message: {
    kind: string;
    to: string;
    render: (brand: MailBrand) => RenderedMail;
    attachments?: MailAttachment[];
  },
): Promise<number> {
  return mail.send({
    companyId: company.id,
    kind: message.kind,
    senderName: company.name,
    to: message.to,
    replyTo: company.email,
    ...message.render(toMailBrand(company)),
    attachments: message.attachments ?? [],
  });
}

/**
 * The pattern of every public form: the company gets the message (replies go to the visitor);
 * the visitor's address gets an acknowledgement in the company's words only. Nobody has confirmed
 * that address, so nothing the visitor typed goes to it: the form cannot relay spam or phishing.
 */
export async function mailCompanyAndSender(
  mail: MailSender,
  company: Company,
  message: {
    kind: string;
    senderEmail: string;
    toCompany: RenderedMail;
    acknowledgement: (brand: MailBrand) => RenderedMail;
    attachments?: MailAttachment[];
  },
): Promise<void> {
  if (company.email) {
    await mail.send({
      companyId: company.id,
      senderName: company.name,
      kind: `${message.kind}-received`,
      to: company.email,
      replyTo: message.senderEmail,
      ...message.toCompany,
      attachments: message.attachments ?? [],
    });
  }
  await mailFromCompany(mail, company, {
    kind: `${message.kind}-thank-you`,
    to: message.senderEmail,
    render: message.acknowledgement,
  });
}
