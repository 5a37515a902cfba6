import type { MailService } from './mail-service';
import type { RenderedMail } from './templates/mail-layout';
import type { Company } from '../tenancy/company-directory';
import type { MailAttachment } from '../db/schema/mail';

/**
 * The pattern of every public form: the company gets the message (replies go to the visitor),
 * the visitor gets a copy or a thank-you (replies go to the company).
 */
export async function mailCompanyAndSender(
  mail: MailService,
  company: Company,
  message: {
    kind: string;
    senderEmail: string;
    toCompany: RenderedMail;
    toSender: RenderedMail;
    attachments?: MailAttachment[];
  },
): Promise<void> {
  const common = { companyId: company.id, senderName: company.name };
  if (company.email) {
    await mail.send({
      ...common,
      kind: `${message.kind}-received`,
      to: company.email,
      replyTo: message.senderEmail,
      ...message.toCompany,
      attachments: message.attachments ?? [],
    });
  }
  await mail.send({
    ...common,
    kind: `${message.kind}-thank-you`,
    to: message.senderEmail,
    replyTo: company.email,
    ...message.toSender,
  });
}
