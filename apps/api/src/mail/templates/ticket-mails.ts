import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { renderMail, type MailBrand, type RenderedMail } from './mail-layout';

type AnsweredTicket = {
  ticketId: number;
  issueType: string;
  /** The staff answer, quoted in the mail. */
  answer: string;
  /** /TicketDetails/{id} on the customer's site. */
  ticketUrl: string;
};

/** To the customer: the provider's staff answered their ticket (issue 27). */
export function ticketAnsweredMail(
  brand: MailBrand,
  language: TLanguage,
  ticket: AnsweredTicket,
): RenderedMail {
  const ko = language === 'ko';
  return renderMail(brand, {
    language,
    subject: ko
      ? `${brand.name}: 티켓 #${ticket.ticketId}에 답변이 도착했습니다`
      : `${brand.name}: a reply to your ticket #${ticket.ticketId}`,
    heading: ko ? '티켓에 답변이 도착했습니다' : 'Your ticket has a reply',
    paragraphs: [
      ko
        ? `지원팀이 티켓 #${ticket.ticketId}(${ticket.issueType})에 답변했습니다.`
        : `Our support team replied to your ticket #${ticket.ticketId} (${ticket.issueType}).`,
      ko
        ? '대화 전체와 첨부 파일은 포털에 로그인하여 볼 수 있으며, 티켓이 해결되기 전까지 답장할 수 있습니다.'
        : 'Sign in to the portal to read the whole conversation and its attachments; you can reply there until the ticket is resolved.',
    ],
    quote: { label: ko ? '답변' : 'The reply', lines: ticket.answer.split(/\r?\n/) },
    action: { label: ko ? '티켓 보기' : 'View your ticket', url: ticket.ticketUrl },
  });
}

type TicketForStaff = {
  ticketId: number;
  issueType: string;
  customerName: string;
  customerEmail: string;
  text: string;
  /** The desk's page of the ticket. */
  deskUrl: string;
};

/**
 * To the assignee, or the company's support address when nobody is assigned: a new ticket or a
 * customer's reply. In the company's language: the staff's own language is not known here.
 */
export function ticketForStaffMail(
  brand: MailBrand,
  language: TLanguage,
  kind: 'new' | 'reply',
  ticket: TicketForStaff,
): RenderedMail {
  const ko = language === 'ko';
  const isNew = kind === 'new';
  return renderMail(brand, {
    language,
    subject: ko
      ? isNew
        ? `새 티켓 #${ticket.ticketId}: ${ticket.issueType}`
        : `티켓 #${ticket.ticketId}에 고객 답장`
      : isNew
        ? `New ticket #${ticket.ticketId}: ${ticket.issueType}`
        : `Customer reply on ticket #${ticket.ticketId}`,
    heading: ko
      ? isNew
        ? '새 지원 티켓'
        : '고객이 티켓에 답장했습니다'
      : isNew
        ? 'A new support ticket'
        : 'A customer replied to a ticket',
    paragraphs: [
      ko
        ? `${ticket.customerName}(${ticket.customerEmail}) — 티켓 #${ticket.ticketId}, ${ticket.issueType}.`
        : `${ticket.customerName} (${ticket.customerEmail}) — ticket #${ticket.ticketId}, ${ticket.issueType}.`,
    ],
    quote: { label: ko ? '메시지' : 'Message', lines: ticket.text.split(/\r?\n/) },
    action: { label: ko ? '티켓 데스크에서 열기' : 'Open in the ticket desk', url: ticket.deskUrl },
  });
}
