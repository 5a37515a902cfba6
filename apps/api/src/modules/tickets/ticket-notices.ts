import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { notifications } from '../../db/schema/accounts';
import { staff, staffMemberships } from '../../db/schema/staff';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { MailSender } from '../../mail/mail-service';
import { toMailBrand } from '../../mail/templates/mail-layout';
import { ticketAnsweredMail, ticketForStaffMail } from '../../mail/templates/ticket-mails';
import type { Company } from '../../tenancy/company-directory';
import { companyLanguage } from '../../tenancy/request-language';

/** A member's mail address, read in the caller's transaction; null for anyone not a member. */
async function memberAddress(tx: Transaction, companyId: number, staffId: number) {
  const [row] = await tx
    .select({ email: staff.email })
    .from(staff)
    .innerJoin(staffMemberships, eq(staffMemberships.staffId, staff.id))
    .where(and(eq(staff.id, staffId), eq(staffMemberships.companyId, companyId)));
  return row?.email ?? null;
}

/** The desk's page of a ticket, in the operator console. */
export const deskTicketUrl = (company: Company, ticketId: number) =>
  new URL(`/operator/tickets/${ticketId}`, company.portalUrl).toString();

/** The customer's page of a ticket (§2.9). */
export const customerTicketUrl = (company: Company, ticketId: number) =>
  new URL(`/TicketDetails/${ticketId}`, company.portalUrl).toString();

/**
 * A new ticket or a customer's reply: mailed to the assignee, or with nobody assigned (or no
 * address known for them) to the company's support address; nothing when it has none.
 */
export async function tellStaff(
  tx: Transaction,
  mail: MailSender,
  customer: {
    company: Company;
    companyId: number;
    customer: { firstName: string; lastName: string; email: string };
  },
  kind: 'new' | 'reply',
  ticket: { ticketId: number; assigneeStaffId: number | null; issueType: string; text: string },
): Promise<void> {
  const company = customer.company;
  const assigneeAddress =
    ticket.assigneeStaffId === null
      ? null
      : await memberAddress(tx, customer.companyId, ticket.assigneeStaffId);
  const to = assigneeAddress ?? company.email;
  if (!to) return;
  const rendered = ticketForStaffMail(toMailBrand(company), companyLanguage(company), kind, {
    ticketId: ticket.ticketId,
    issueType: ticket.issueType,
    customerName: `${customer.customer.firstName} ${customer.customer.lastName}`.trim(),
    customerEmail: customer.customer.email,
    text: ticket.text,
    deskUrl: deskTicketUrl(company, ticket.ticketId),
  });
  await mail.send({
    companyId: company.id,
    kind: kind === 'new' ? 'ticket-new' : 'ticket-customer-reply',
    senderName: company.name,
    to,
    replyTo: customer.customer.email,
    ...rendered,
    attachments: [],
  });
}

/** The bell's line for a staff answer, in the customer's language. */
export function answeredNotice(language: TLanguage, ticketId: number, issueType: string): string {
  return language === 'ko'
    ? `티켓 #${ticketId}(${issueType})에 답변이 도착했습니다`
    : `Your ticket #${ticketId} (${issueType}) has a reply`;
}

/**
 * A staff answer reaches the customer once: one bell notification and one mail in their
 * language, written by the transaction that writes the answer.
 */
export async function tellCustomerOfAnswer(
  tx: Transaction,
  mail: MailSender,
  company: Company,
  ticket: {
    ticketId: number;
    customerId: number;
    customerEmail: string;
    language: TLanguage;
    issueType: string;
    answer: string;
  },
): Promise<void> {
  await tx.insert(notifications).values({
    customerId: ticket.customerId,
    detail: answeredNotice(ticket.language, ticket.ticketId, ticket.issueType),
  });
  await mailFromCompany(mail, company, {
    kind: 'ticket-answered',
    to: ticket.customerEmail,
    render: (brand) =>
      ticketAnsweredMail(brand, ticket.language, {
        ticketId: ticket.ticketId,
        issueType: ticket.issueType,
        answer: ticket.answer,
        ticketUrl: customerTicketUrl(company, ticket.ticketId),
      }),
  });
}
