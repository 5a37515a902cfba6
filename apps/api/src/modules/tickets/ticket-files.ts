import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { asc, inArray } from 'drizzle-orm';
import {
  MAX_TICKET_FILE_BYTES,
  MAX_TICKET_FILES,
  TICKET_FILE_TYPES,
  fileTooLarge,
  ticketTexts,
  type TicketFileType,
} from '@cloud-portal/contract/tickets/ticket-rules';
import type { TTicketAttachment } from '@cloud-portal/contract/tickets/customer-tickets';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ticketAttachments, type TicketAttachmentRow } from '../../db/schema/tickets';
import {
  attachmentDisposition,
  readFormWithStoredFiles,
  type StoredUpload,
} from '../../http/stored-uploads';

/**
 * Where a company's ticket files live, relative to DATA_DIR: outside the uploads folder the site
 * serves, named by random hex only (ADR 029).
 */
export const ticketFilesFolder = (companyId: number) =>
  path.join('ticket-attachments', String(companyId));

/** A ticket form: its text fields checked by `schema`, its files streamed to disk and checked. */
export function readTicketForm<T extends z.ZodType>(
  request: FastifyRequest,
  dataDir: string,
  companyId: number,
  schema: T,
) {
  return readFormWithStoredFiles(request, {
    schema,
    fileField: 'files',
    notMultipartMessage: ticketTexts.notMultipart,
    maxFiles: MAX_TICKET_FILES,
    maxFileBytes: MAX_TICKET_FILE_BYTES,
    allowedTypes: TICKET_FILE_TYPES,
    dataDir,
    folder: ticketFilesFolder(companyId),
    maxFields: 10,
    texts: {
      tooManyFiles: ticketTexts.tooManyFiles,
      tooLarge: fileTooLarge,
      typeNotAllowed: ticketTexts.fileTypeNotAllowed,
      empty: ticketTexts.fileEmpty,
    },
  });
}

/** Records a message's stored files, in the transaction that writes the message. */
export async function insertAttachments(
  tx: Database,
  message: { id: number; ticketId: number; companyId: number },
  files: readonly StoredUpload[],
): Promise<TicketAttachmentRow[]> {
  if (files.length === 0) return [];
  return tx
    .insert(ticketAttachments)
    .values(
      files.map((file) => ({
        messageId: message.id,
        ticketId: message.ticketId,
        companyId: message.companyId,
        storedPath: file.relativePath,
        originalName: file.originalName,
        contentType: file.contentType as TicketFileType,
        sizeBytes: file.size,
      })),
    )
    .returning();
}

/** The attachments of these messages, by message id, in the order they were sent. */
export async function attachmentsByMessage(
  db: Database,
  messageIds: number[],
): Promise<Map<number, TicketAttachmentRow[]>> {
  const byMessage = new Map<number, TicketAttachmentRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.messageId, messageIds))
    .orderBy(asc(ticketAttachments.id));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(row);
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

export function toAttachment(
  row: TicketAttachmentRow,
  urlOf: (id: number) => string,
): TTicketAttachment {
  return {
    ID: row.id,
    fileName: row.originalName,
    contentType: row.contentType,
    size: row.sizeBytes,
    url: urlOf(row.id),
  };
}

/**
 * Sends a stored file as a download: never rendered by the browser as a page of the site
 * (attachment, nosniff, a sandboxing CSP), with the type decided from its bytes when it arrived.
 */
export async function sendAttachment(
  reply: FastifyReply,
  dataDir: string,
  row: TicketAttachmentRow,
): Promise<FastifyReply> {
  const absolute = path.join(dataDir, row.storedPath);
  const stream = fs.createReadStream(absolute);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  return reply
    .header('content-type', row.contentType)
    .header('content-length', String(row.sizeBytes))
    .header('content-disposition', attachmentDisposition(row.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}
