import nodemailer from 'nodemailer';
import type { MailAttachment } from '../db/schema/mail';

export type DeliverableMail = {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
};

/** Where mail goes: an SMTP server, or (without SMTP_URL) one console line a mail. */
export type MailTransport = {
  kind: 'smtp' | 'console';
  deliver: (mail: DeliverableMail) => Promise<void>;
  close: () => void;
};

export function createMailTransport(
  smtpUrl: string | undefined,
  writeLine: (line: string) => void = console.log,
): MailTransport {
  if (!smtpUrl) {
    return {
      kind: 'console',
      deliver: async (mail) => writeLine(describeForConsole(mail)),
      close: () => {},
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    deliver: async (mail) => {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((attachment) => ({ ...attachment })),
      });
    },
    close: () => transporter.close(),
  };
}

/** One line, with the text body folded in, so codes and links can be read from the console. */
export function describeForConsole(mail: Pick<DeliverableMail, 'to' | 'subject' | 'text'>): string {
  const body = mail.text.replace(/\s+/g, ' ').trim();
  return `[mail] to ${mail.to}: "${mail.subject}" — ${body.length > 600 ? `${body.slice(0, 600)}…` : body}`;
}
