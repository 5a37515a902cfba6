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

/** Account mails (codes, links) travel on connections of their own, never queued behind bulk mail. */
export type MailLane = 'account' | 'bulk';

/** Where mail goes: an SMTP server, or (without SMTP_URL) one console line a mail. */
export type MailTransport = {
  kind: 'smtp' | 'console';
  deliver: (mail: DeliverableMail, lane: MailLane) => Promise<void>;
  close: () => void;
};

/**
 * SMTP connections kept open and reused (one handshake per connection, not per mail). The bulk
 * pool has as many connections as a bulk batch delivers at once (workers.ts).
 */
export const SMTP_CONNECTIONS: Record<MailLane, number> = { account: 2, bulk: 10 };

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
  const pools = {
    account: pooledTransport(smtpUrl, SMTP_CONNECTIONS.account),
    bulk: pooledTransport(smtpUrl, SMTP_CONNECTIONS.bulk),
  };
  return {
    kind: 'smtp',
    deliver: async (mail, lane) => {
      await pools[lane].sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((attachment) => ({ ...attachment })),
      });
    },
    close: () => {
      pools.account.close();
      pools.bulk.close();
    },
  };
}

function pooledTransport(smtpUrl: string, maxConnections: number) {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections,
    maxMessages: 1000,
  });
}

/** One line, with the text body folded in, so codes and links can be read from the console. */
export function describeForConsole(mail: Pick<DeliverableMail, 'to' | 'subject' | 'text'>): string {
  const body = mail.text.replace(/\s+/g, ' ').trim();
  return `[mail] to ${mail.to}: "${mail.subject}" — ${body.length > 600 ? `${body.slice(0, 600)}…` : body}`;
}
