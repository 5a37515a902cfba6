import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ticketTexts, type TicketStatus } from '@cloud-portal/contract/tickets/ticket-rules';
import {
  DESK_QUEUE_PAGE_SIZE,
  deskAttachmentPath,
  type TDeskQueueResponse,
  type TDeskTicketMessage,
  type TDeskTicketResponse,
  type TDeskTicketState,
  type ZDeskQueueQuery,
} from '@cloud-portal/contract/tickets/ticket-desk';
import type { z } from 'zod';
import { staffMemberships } from '../../db/schema/staff';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { recordAudit } from '../../audit/record-audit';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { virtualMachines } from '../../db/schema/virtual-machines';
import {
  ticketAttachments,
  ticketIssueTypes,
  ticketMessages,
  tickets,
  type TicketAttachmentRow,
  type TicketRow,
} from '../../db/schema/tickets';
import { AppError } from '../../errors';
import type { StaffActor } from '../../http/request-context';
import type { StoredUpload } from '../../http/stored-uploads';
import { keepingFilesOnSuccess, type TicketDeps } from './customer-tickets';
import { attachmentsByMessage, insertAttachments, toAttachment } from './ticket-files';
import { tellCustomerOfAnswer } from './ticket-notices';

const notFound = () => new AppError(404, ticketTexts.ticketNotFound);

/** The queue's keyset cursor: the sort column's exact time (microseconds) and the id. */
type Cursor = { at: string; id: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) &&
      typeof id === 'number' &&
      Number.isInteger(id)
    )
      return { at, id };
  } catch {
    // An unreadable cursor is refused below.
  }
  throw new AppError(400, 'This page of the queue cannot be read. Reload the queue', {
    errors: [{ field: 'cursor', message: 'Invalid cursor' }],
  });
}

const exactTime = (column: typeof tickets.createdAt | typeof tickets.updatedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `%` and `_` typed by staff are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The desk's queue of the staff member's company: by status and age (oldest first by default),
 * filtered by assignee and issue type, searched by ticket id or the customer's name or email, in
 * pages of 25 read by keyset (the indexes `tickets_queue_*`).
 */
export async function deskQueue(
  db: Database,
  staff: StaffActor,
  query: z.output<typeof ZDeskQueueQuery>,
): Promise<TDeskQueueResponse> {
  const cursor = decodeCursor(query.cursor);
  const sortColumn = query.order === 'updated' ? tickets.updatedAt : tickets.createdAt;
  const ascending = query.order === 'oldest';
  const conditions: (SQL | undefined)[] = [eq(tickets.companyId, staff.companyId)];
  if (query.status) conditions.push(eq(tickets.status, query.status));
  if (query.assignee === 'me') conditions.push(eq(tickets.assigneeStaffId, staff.staffId));
  else if (query.assignee === 'unassigned') conditions.push(isNull(tickets.assigneeStaffId));
  else if (typeof query.assignee === 'number')
    conditions.push(eq(tickets.assigneeStaffId, query.assignee));
  if (query.issueType) conditions.push(eq(tickets.issueTypeId, query.issueType));
  const search = query.q?.trim();
  if (search) {
    // A number is a ticket id (with or without '#'); anything else a part of a name or address.
    const ticketNumber = /^#?(\d{1,9})$/.exec(search)?.[1];
    const pattern = likePattern(search);
    conditions.push(
      ticketNumber !== undefined
        ? eq(tickets.id, Number(ticketNumber))
        : or(
            ilike(customers.email, pattern),
            ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
          ),
    );
  }
  if (cursor)
    conditions.push(
      ascending
        ? sql`(${sortColumn}, ${tickets.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`(${sortColumn}, ${tickets.id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
    );
  const rows = await db
    .select({
      ticket: tickets,
      issueType: ticketIssueTypes.name,
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
      },
      sortedAt: exactTime(sortColumn),
    })
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, tickets.issueTypeId))
    .where(and(...conditions))
    .orderBy(
      ascending ? asc(sortColumn) : desc(sortColumn),
      ascending ? asc(tickets.id) : desc(tickets.id),
    )
    .limit(DESK_QUEUE_PAGE_SIZE + 1);
  const page = rows.slice(0, DESK_QUEUE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      ticketID: row.ticket.id,
      issueType: row.issueType,
      status: row.ticket.status,
      customer: {
        ID: row.customer.id,
        name: `${row.customer.firstName} ${row.customer.lastName}`.trim(),
        email: row.customer.email,
        language: row.ticket.language,
      },
      assigneeID: row.ticket.assigneeStaffId,
      createdAt: row.ticket.createdAt.toISOString(),
      updatedAt: row.ticket.updatedAt.toISOString(),
      lastAuthorKind: row.ticket.lastAuthorKind,
    })),
    nextCursor:
      rows.length > DESK_QUEUE_PAGE_SIZE && last
        ? encodeCursor({ at: last.sortedAt, id: last.ticket.id })
        : null,
  };
}

/** A ticket of the staff member's company with its customer and issue type; 404 for any other. */
async function findCompanyTicket(db: Database, companyId: number, ticketId: number) {
  const [row] = await db
    .select({ ticket: tickets, issueType: ticketIssueTypes.name, customer: customers })
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .innerJoin(ticketIssueTypes, eq(ticketIssueTypes.id, tickets.issueTypeId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

function toDeskMessage(
  row: typeof ticketMessages.$inferSelect,
  files: readonly TicketAttachmentRow[],
): TDeskTicketMessage {
  return {
    ID: row.id,
    authorKind: row.authorKind,
    authorID: row.authorId,
    internal: row.isInternal,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    attachments: files.map((file) => toAttachment(file, deskAttachmentPath)),
  };
}

/** The ticket, its customer, the machine it is about and the whole conversation, notes included. */
export async function deskTicket(
  db: Database,
  staff: StaffActor,
  ticketId: number,
): Promise<TDeskTicketResponse> {
  const { ticket, issueType, customer } = await findCompanyTicket(db, staff.companyId, ticketId);
  const [messageRows, vmRows] = await Promise.all([
    db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)),
    ticket.vmId === null
      ? Promise.resolve([])
      : db
          .select({
            id: virtualMachines.id,
            name: virtualMachines.name,
            status: virtualMachines.status,
            isBlocked: virtualMachines.isBlocked,
          })
          .from(virtualMachines)
          .where(
            and(
              eq(virtualMachines.id, ticket.vmId),
              eq(virtualMachines.companyId, staff.companyId),
            ),
          ),
  ]);
  const files = await attachmentsByMessage(
    db,
    messageRows.map((row) => row.id),
  );
  const vm = vmRows[0];
  return {
    ...ticketState(ticket),
    issueType,
    createdAt: ticket.createdAt.toISOString(),
    customer: {
      ID: customer.id,
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      language: ticket.language,
    },
    vm: vm ? { ID: vm.id, vmName: vm.name, state: vm.status, isBlocked: vm.isBlocked } : null,
    messages: messageRows.map((row) => toDeskMessage(row, files.get(row.id) ?? [])),
  };
}

function ticketState(ticket: TicketRow): TDeskTicketState {
  return {
    ticketID: ticket.id,
    status: ticket.status,
    assigneeID: ticket.assigneeStaffId,
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/**
 * A staff answer with its files: an Open ticket becomes In Progress in the same UPDATE; the
 * customer is told once by bell and mail, and the audit row written, by the same transaction.
 */
export async function answerTicket(
  deps: TicketDeps,
  staff: StaffActor,
  input: { ticketId: number; body: string; files: StoredUpload[] },
): Promise<TDeskTicketMessage> {
  return keepingFilesOnSuccess(deps.dataDir, input.files, async () => {
    const { issueType, customer } = await findCompanyTicket(
      deps.db,
      staff.companyId,
      input.ticketId,
    );
    return deps.mail.inTransaction(async (tx, mail) => {
      const [before] = await tx
        .select({ status: tickets.status })
        .from(tickets)
        .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, staff.companyId)))
        .for('update');
      const [ticket] = await tx
        .update(tickets)
        .set({
          updatedAt: sql`now()`,
          lastAuthorKind: 'staff',
          status: sql`case when ${tickets.status} = 'Open' then 'In Progress' else ${tickets.status} end`,
        })
        .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, staff.companyId)))
        .returning();
      if (!ticket || !before) throw notFound();
      const [message] = await tx
        .insert(ticketMessages)
        .values({
          ticketId: ticket.id,
          companyId: staff.companyId,
          authorKind: 'staff',
          authorId: staff.staffId,
          body: input.body,
        })
        .returning();
      const attachments = await insertAttachments(
        tx,
        { id: message!.id, ticketId: ticket.id, companyId: staff.companyId },
        input.files,
      );
      await tellCustomerOfAnswer(tx, mail, staff.company, {
        ticketId: ticket.id,
        customerId: customer.id,
        customerEmail: customer.email,
        language: ticket.language,
        issueType,
        answer: input.body,
      });
      await recordAudit(tx, {
        actor: staff,
        action: 'tickets.reply',
        subject: { type: 'ticket', id: ticket.id },
        before: { status: before.status },
        after: {
          status: ticket.status,
          messageId: message!.id,
          attachments: attachments.map((file) => file.id),
        },
      });
      return toDeskMessage(message!, attachments);
    });
  });
}

/** A note between staff on the ticket: never read by a customer call. */
export async function addInternalNote(
  deps: TicketDeps,
  staff: StaffActor,
  input: { ticketId: number; body: string },
): Promise<TDeskTicketMessage> {
  await findCompanyTicket(deps.db, staff.companyId, input.ticketId);
  return deps.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: input.ticketId,
        companyId: staff.companyId,
        authorKind: 'staff',
        authorId: staff.staffId,
        body: input.body,
        isInternal: true,
      })
      .returning();
    await recordAudit(tx, {
      actor: staff,
      action: 'tickets.note',
      subject: { type: 'ticket', id: input.ticketId },
      before: null,
      after: { messageId: message!.id },
    });
    return toDeskMessage(message!, []);
  });
}

/**
 * Changes the status from the one the member saw: one conditional UPDATE decides it, so of two
 * members changing it at once one wins and the other is told (409, the current state).
 */
export async function changeTicketStatus(
  db: Database,
  staff: StaffActor,
  input: { ticketId: number; from: TicketStatus; status: TicketStatus },
): Promise<TDeskTicketState> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ status: input.status, updatedAt: sql`now()` })
      .where(
        and(
          eq(tickets.id, input.ticketId),
          eq(tickets.companyId, staff.companyId),
          eq(tickets.status, input.from),
        ),
      )
      .returning();
    if (!ticket) {
      const [current] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, staff.companyId)));
      if (!current) throw notFound();
      throw new AppError(409, ticketTexts.statusChangedMeanwhile, ticketState(current));
    }
    await recordAudit(tx, {
      actor: staff,
      action: 'tickets.status',
      subject: { type: 'ticket', id: ticket.id },
      before: { status: input.from },
      after: { status: ticket.status },
    });
    return ticketState(ticket);
  });
}

/**
 * Assigns the ticket to a member of its company (or nobody). The membership row is share-locked
 * with the ticket's, so a removal cannot slip in between the check and the assignment.
 */
export async function assignTicket(
  db: Database,
  staff: StaffActor,
  input: { ticketId: number; assigneeId: number | null },
): Promise<TDeskTicketState> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ assigneeStaffId: tickets.assigneeStaffId })
      .from(tickets)
      .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, staff.companyId)))
      .for('update');
    if (!before) throw notFound();
    if (input.assigneeId !== null) {
      const [member] = await tx
        .select({ id: staffMemberships.id })
        .from(staffMemberships)
        .where(
          and(
            eq(staffMemberships.staffId, input.assigneeId),
            eq(staffMemberships.companyId, staff.companyId),
          ),
        )
        .for('share');
      if (!member)
        throw new AppError(400, operatorTexts.memberNotFound, {
          errors: [{ field: 'assigneeID', message: operatorTexts.memberNotFound }],
        });
    }
    const [ticket] = await tx
      .update(tickets)
      .set({ assigneeStaffId: input.assigneeId, updatedAt: sql`now()` })
      .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, staff.companyId)))
      .returning();
    await recordAudit(tx, {
      actor: staff,
      action: 'tickets.assign',
      subject: { type: 'ticket', id: input.ticketId },
      before: { assigneeID: before.assigneeStaffId },
      after: { assigneeID: input.assigneeId },
    });
    return ticketState(ticket!);
  });
}

/** A file of a ticket of the staff member's company (notes' files too); 404 for any other. */
export async function findDeskAttachment(
  db: Database,
  staff: StaffActor,
  attachmentId: number,
): Promise<TicketAttachmentRow> {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(
      and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.companyId, staff.companyId)),
    );
  if (!row) throw new AppError(404, ticketTexts.attachmentNotFound);
  return row;
}
