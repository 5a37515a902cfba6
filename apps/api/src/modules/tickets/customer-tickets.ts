import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { canCustomerReply, ticketTexts } from '@cloud-portal/contract/tickets/ticket-rules';
import {
  TICKETS_PAGE_SIZE,
  customerAttachmentPath,
  type TCustomerTicketMessage,
  type TGetAllUserTicketResponse,
  type TGetTicketDetailResponse,
  type TTicketIssueType,
} from '@cloud-portal/contract/tickets/customer-tickets';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { Database } from '../../db/client';
import { virtualMachines } from '../../db/schema/virtual-machines';
import {
  ticketAttachments,
  ticketIssueTypes,
  ticketMessages,
  tickets,
  type TicketAttachmentRow,
} from '../../db/schema/tickets';
import { AppError } from '../../errors';
import type { CustomerActor } from '../../http/request-context';
import { discardUploads, type StoredUpload } from '../../http/stored-uploads';
import type { MailService } from '../../mail/mail-service';
import type { OwnerScope } from '../../tenancy/owner-scope';
import { attachmentsByMessage, insertAttachments, toAttachment } from './ticket-files';
import { tellStaff, type StaffMailboxes } from './ticket-notices';

export type TicketDeps = {
  db: Database;
  mail: MailService;
  dataDir: string;
  staffMailboxes: StaffMailboxes;
};

const notFound = () => new AppError(404, ticketTexts.ticketNotFound);
const fieldError = (status: number, field: string, message: string) =>
  new AppError(status, message, { errors: [{ field, message }] });

/** The company's issue types still offered, in their order. */
export async function listIssueTypes(db: Database, companyId: number): Promise<TTicketIssueType[]> {
  const rows = await db
    .select({ ID: ticketIssueTypes.id, issueName: ticketIssueTypes.name })
    .from(ticketIssueTypes)
    .where(and(eq(ticketIssueTypes.companyId, companyId), eq(ticketIssueTypes.isActive, true)))
    .orderBy(asc(ticketIssueTypes.position), asc(ticketIssueTypes.id));
  return rows;
}

/** Runs `work` with the stored files; they are removed when it throws (nothing refers to them). */
export async function keepingFilesOnSuccess<T>(
  dataDir: string,
  files: readonly StoredUpload[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardUploads(dataDir, files);
    throw error;
  }
}

/**
 * Raises a ticket: its first message is the description, with the files. The issue type must be
 * one the company offers, the machine (when given) one of the customer's own. Staff are mailed in
 * the same transaction.
 */
export async function raiseTicket(
  deps: TicketDeps,
  customer: CustomerActor,
  input: {
    issueTypeId: number;
    description: string;
    vmId: number | undefined;
    language: TLanguage;
    files: StoredUpload[];
  },
): Promise<number> {
  return keepingFilesOnSuccess(deps.dataDir, input.files, async () => {
    const [issueType] = await deps.db
      .select({ id: ticketIssueTypes.id, name: ticketIssueTypes.name })
      .from(ticketIssueTypes)
      .where(
        and(
          eq(ticketIssueTypes.id, input.issueTypeId),
          eq(ticketIssueTypes.companyId, customer.companyId),
          eq(ticketIssueTypes.isActive, true),
        ),
      );
    if (!issueType) throw fieldError(400, 'issueType', ticketTexts.issueTypeRequired);
    if (input.vmId !== undefined) {
      const [vm] = await deps.db
        .select({ id: virtualMachines.id })
        .from(virtualMachines)
        .where(
          and(
            eq(virtualMachines.id, input.vmId),
            eq(virtualMachines.companyId, customer.companyId),
            eq(virtualMachines.customerId, customer.customerId),
            ne(virtualMachines.status, 'deleted'),
          ),
        );
      if (!vm) throw fieldError(404, 'vmID', ticketTexts.vmNotFound);
    }
    return deps.mail.inTransaction(async (tx, mail) => {
      const [ticket] = await tx
        .insert(tickets)
        .values({
          companyId: customer.companyId,
          customerId: customer.customerId,
          vmId: input.vmId ?? null,
          issueTypeId: issueType.id,
          language: input.language,
        })
        .returning();
      const [message] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: ticket!.id,
          companyId: customer.companyId,
          authorKind: 'customer',
          authorId: customer.customerId,
          body: input.description,
        })
        .returning();
      await insertAttachments(
        tx,
        { id: message!.id, ticketId: ticket!.id, companyId: customer.companyId },
        input.files,
      );
      await tellStaff(mail, deps.staffMailboxes, customer, 'new', {
        ticketId: ticket!.id,
        assigneeStaffId: null,
        issueType: issueType.name,
        text: input.description,
      });
      return ticket!.id;
    });
  });
}

/** One page of the customer's tickets, newest first. */
export async function listCustomerTickets(
  db: Database,
  owner: OwnerScope,
  page: number,
): Promise<TGetAllUserTicketResponse> {
  const mine = and(
    eq(tickets.companyId, owner.companyId),
    eq(tickets.customerId, owner.customerId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ticketID: tickets.id,
        issueType: ticketIssueTypes.name,
        createdAt: tickets.createdAt,
        ticketStatus: tickets.status,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, tickets.issueTypeId))
      .where(mine)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(TICKETS_PAGE_SIZE)
      .offset((page - 1) * TICKETS_PAGE_SIZE),
    db.select({ total: count() }).from(tickets).where(mine),
  ]);
  return {
    rows: rows.map((row) => ({
      ticketID: row.ticketID,
      issueType: row.issueType,
      ticketDate: row.createdAt.toISOString(),
      ticketStatus: row.ticketStatus,
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: total?.total ?? 0,
    page,
    pageSize: TICKETS_PAGE_SIZE,
  };
}

/** The customer's own ticket with its issue type's and machine's names; 404 for any other. */
async function findOwnTicket(db: Database, owner: OwnerScope, ticketId: number) {
  const [row] = await db
    .select({
      ticket: tickets,
      issueType: ticketIssueTypes.name,
      vmName: virtualMachines.name,
    })
    .from(tickets)
    .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, tickets.issueTypeId))
    .leftJoin(virtualMachines, eq(virtualMachines.id, tickets.vmId))
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.companyId, owner.companyId),
        eq(tickets.customerId, owner.customerId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * The ticket as the customer sees it (§2.9) and the whole conversation without internal notes:
 * the description first, `ticketResponse` the first staff answer.
 */
export async function customerTicketDetail(
  db: Database,
  customer: CustomerActor,
  ticketId: number,
  websiteUrl: string,
): Promise<TGetTicketDetailResponse> {
  const { ticket, issueType, vmName } = await findOwnTicket(db, customer, ticketId);
  const rows = await db
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.isInternal, false)))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const files = await attachmentsByMessage(
    db,
    rows.map((row) => row.id),
  );
  const customerName = `${customer.customer.firstName} ${customer.customer.lastName}`.trim();
  const messages: TCustomerTicketMessage[] = rows.map((row) => ({
    ID: row.id,
    authorKind: row.authorKind,
    authorName: row.authorKind === 'customer' ? customerName : ticketTexts.supportTeam,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    attachments: (files.get(row.id) ?? []).map((file) =>
      toAttachment(file, customerAttachmentPath),
    ),
  }));
  const [first] = messages;
  const response = messages.find((message) => message.authorKind === 'staff');
  return {
    ticket: {
      ticketID: ticket.id,
      issueType,
      ticketDate: ticket.createdAt.toISOString(),
      ticketStatus: ticket.status,
      description: first?.body ?? '',
      attachments: first?.attachments ?? [],
      vmID: ticket.vmId,
      vmName: ticket.vmId === null ? null : vmName,
    },
    ticketResponse: response
      ? {
          responseDate: response.createdAt,
          ticketStatus: ticket.status,
          response: response.body,
          attachments: response.attachments,
        }
      : null,
    websiteUrl,
    messages,
    canReply: canCustomerReply(ticket.status),
  };
}

/**
 * The customer writes on their ticket while it is not Resolved: the one UPDATE that marks the
 * ticket as waiting decides it, so a reply racing a resolution is either before it or refused.
 */
export async function replyAsCustomer(
  deps: TicketDeps,
  customer: CustomerActor,
  input: { ticketId: number; body: string; language: TLanguage; files: StoredUpload[] },
): Promise<TCustomerTicketMessage> {
  return keepingFilesOnSuccess(deps.dataDir, input.files, async () => {
    const { issueType } = await findOwnTicket(deps.db, customer, input.ticketId);
    return deps.mail.inTransaction(async (tx, mail) => {
      const [ticket] = await tx
        .update(tickets)
        .set({ updatedAt: sql`now()`, lastAuthorKind: 'customer', language: input.language })
        .where(
          and(
            eq(tickets.id, input.ticketId),
            eq(tickets.companyId, customer.companyId),
            eq(tickets.customerId, customer.customerId),
            ne(tickets.status, 'Resolved'),
          ),
        )
        .returning();
      if (!ticket) throw new AppError(409, ticketTexts.ticketResolved);
      const [message] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: ticket.id,
          companyId: customer.companyId,
          authorKind: 'customer',
          authorId: customer.customerId,
          body: input.body,
        })
        .returning();
      const attachments = await insertAttachments(
        tx,
        { id: message!.id, ticketId: ticket.id, companyId: customer.companyId },
        input.files,
      );
      await tellStaff(mail, deps.staffMailboxes, customer, 'reply', {
        ticketId: ticket.id,
        assigneeStaffId: ticket.assigneeStaffId,
        issueType,
        text: input.body,
      });
      return {
        ID: message!.id,
        authorKind: 'customer' as const,
        authorName: `${customer.customer.firstName} ${customer.customer.lastName}`.trim(),
        body: message!.body,
        createdAt: message!.createdAt.toISOString(),
        attachments: attachments.map((file) => toAttachment(file, customerAttachmentPath)),
      };
    });
  });
}

/** A file of a message the customer can see on their own ticket; 404 for any other. */
export async function findCustomerAttachment(
  db: Database,
  owner: OwnerScope,
  attachmentId: number,
): Promise<TicketAttachmentRow> {
  const [row] = await db
    .select({ attachment: ticketAttachments })
    .from(ticketAttachments)
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(
      and(
        eq(ticketAttachments.id, attachmentId),
        eq(ticketAttachments.companyId, owner.companyId),
        eq(tickets.companyId, owner.companyId),
        eq(tickets.customerId, owner.customerId),
        eq(ticketMessages.isInternal, false),
      ),
    );
  if (!row) throw new AppError(404, ticketTexts.attachmentNotFound);
  return row.attachment;
}
