/**
 * The support tickets' rules and texts (vm-lifecycle.md §2.9, §5, §8, §9; issue 27), shared by
 * the browser and the server so both say the same thing for the same rule. Zod-free: the browser
 * imports it. The server checks every file again by its bytes, never by its name or declared type.
 */

/** Every ticket is Open, In Progress or Resolved (§3 "Ticket status: Resolved green, else red"). */
export const TICKET_STATUSES = ['Open', 'In Progress', 'Resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export function isTicketStatus(value: string): value is TicketStatus {
  return (TICKET_STATUSES as readonly string[]).includes(value);
}

/** At most 4 files on a ticket and on each later message (§9). */
export const MAX_TICKET_FILES = 4;
/** Each file at most 20 MB (§5, §9). */
export const MAX_TICKET_FILE_BYTES = 20 * 1024 * 1024;
/** Images as the spec says, and PDF; the server decides the type from the bytes. */
export const TICKET_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export type TicketFileType = (typeof TICKET_FILE_TYPES)[number];
/** For an `<input type="file" accept>`: only a hint, the server decides from the bytes. */
export const TICKET_FILE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,' + TICKET_FILE_TYPES.join(',');
/** The description and each reply: at most this many characters. */
export const MAX_TICKET_TEXT_LENGTH = 5000;
/** An internal note of the desk: at most this many characters. */
export const MAX_TICKET_NOTE_LENGTH = 5000;

/** The spec's messages (§5, §8) and the portal's own for what the spec leaves out. */
export const ticketTexts = {
  issueTypeRequired: 'Please select Issue Type',
  descriptionRequired: 'Please Enter Description',
  /** '{file name} is more than 20 MB': see `fileTooLarge`. */
  fileTooLargeSuffix: 'is more than 20 MB',
  ticketSubmitted: 'Ticket submitted successfully',
  noResponseYet: 'There is no response received yet from admin',
  tooManyFiles: 'You can attach at most 4 files',
  fileTypeNotAllowed: 'Attach images (PNG, JPEG, GIF, WebP) or PDF files only',
  fileEmpty: 'This file is empty',
  textTooLong: 'Please keep it to 5000 characters or fewer',
  messageRequired: 'Please Enter a Message',
  replySent: 'Your reply has been sent',
  ticketNotFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  ticketResolved: 'This ticket is resolved. Please raise a new ticket',
  vmNotFound: 'Virtual machine not found',
  notMultipart: 'Send the ticket as a form (multipart/form-data)',
  // The desk's answers.
  answerSent: 'Answer sent to the customer',
  noteAdded: 'Internal note added',
  statusChanged: 'Status changed',
  statusChangedMeanwhile: 'Someone else changed this ticket meanwhile. Reload it and try again',
  assigned: 'Ticket assigned',
  /** The customer's view of a staff member (staff names are not shown to customers). */
  supportTeam: 'Support',
} as const;
export type TicketTextKey = keyof typeof ticketTexts;

/** The spec's message for a file over 20 MB: '{file name} is more than 20 MB'. */
export function fileTooLarge(fileName: string): string {
  return `${fileName} ${ticketTexts.fileTooLargeSuffix}`;
}

/** The same texts in Korean, key for key. */
export const ticketTextsKo: Record<TicketTextKey, string> = {
  issueTypeRequired: '문의 유형을 선택해 주세요',
  descriptionRequired: '설명을 입력해 주세요',
  fileTooLargeSuffix: '파일이 20MB를 초과합니다',
  ticketSubmitted: '티켓이 접수되었습니다',
  noResponseYet: '아직 관리자의 답변이 없습니다',
  tooManyFiles: '파일은 최대 4개까지 첨부할 수 있습니다',
  fileTypeNotAllowed: '이미지(PNG, JPEG, GIF, WebP) 또는 PDF 파일만 첨부할 수 있습니다',
  fileEmpty: '빈 파일입니다',
  textTooLong: '5000자 이내로 입력해 주세요',
  messageRequired: '메시지를 입력해 주세요',
  replySent: '답장을 보냈습니다',
  ticketNotFound: '티켓을 찾을 수 없습니다',
  attachmentNotFound: '첨부 파일을 찾을 수 없습니다',
  ticketResolved: '해결된 티켓입니다. 새 티켓을 등록해 주세요',
  vmNotFound: '가상 머신을 찾을 수 없습니다',
  notMultipart: '티켓을 양식(multipart/form-data)으로 보내 주세요',
  answerSent: '고객에게 답변을 보냈습니다',
  noteAdded: '내부 메모를 추가했습니다',
  statusChanged: '상태를 변경했습니다',
  statusChangedMeanwhile:
    '다른 사람이 이 티켓을 먼저 변경했습니다. 새로 고친 후 다시 시도해 주세요',
  assigned: '티켓을 배정했습니다',
  supportTeam: '지원팀',
};

/** '{file name} is more than 20 MB' in Korean. */
export function fileTooLargeKo(fileName: string): string {
  return `${fileName} ${ticketTextsKo.fileTooLargeSuffix}`;
}

/** The statuses as the customer and the desk read them. */
export const ticketStatusLabels: Record<'en' | 'ko', Record<TicketStatus, string>> = {
  en: { Open: 'Open', 'In Progress': 'In Progress', Resolved: 'Resolved' },
  ko: { Open: '접수됨', 'In Progress': '처리 중', Resolved: '해결됨' },
};

/** Whether the customer may still write on a ticket of this status. */
export function canCustomerReply(status: TicketStatus): boolean {
  return status !== 'Resolved';
}

/**
 * The browser's check of the files chosen for one message, with the server's numbers: the first
 * problem as { key, fileName } (the text is `fileTooLarge(fileName)` for 'fileTooLarge'), or null.
 * The declared type is only a hint here; the server decides from the bytes.
 */
export function checkTicketFiles(files: readonly { name: string; size: number; type: string }[]): {
  problem: 'tooManyFiles' | 'fileTooLarge' | 'fileTypeNotAllowed' | 'fileEmpty';
  fileName?: string;
} | null {
  if (files.length > MAX_TICKET_FILES) return { problem: 'tooManyFiles' };
  for (const file of files) {
    if (file.size > MAX_TICKET_FILE_BYTES) return { problem: 'fileTooLarge', fileName: file.name };
    if (file.size === 0) return { problem: 'fileEmpty', fileName: file.name };
    if (file.type !== '' && !(TICKET_FILE_TYPES as readonly string[]).includes(file.type))
      return { problem: 'fileTypeNotAllowed', fileName: file.name };
  }
  return null;
}

/** The desk queue's orders (GET /api/operator/tickets `order`). */
export const DESK_QUEUE_ORDERS = ['oldest', 'newest', 'updated'] as const;
