import {
  checkTicketFiles,
  MAX_TICKET_FILES,
  MAX_TICKET_TEXT_LENGTH,
} from '@cloud-portal/contract/tickets/ticket-rules';

type FileLike = { name: string; size: number; type: string };

/** A file's problem, named as the `tickets` texts name it (messages.*). */
export type FileProblem = {
  key: 'tooManyFiles' | 'fileTooLarge' | 'fileTypeNamed' | 'fileEmptyNamed';
  name?: string;
};

/**
 * The files chosen for a message added to those already there (vm-lifecycle.md §5, §9): each
 * new file over 20 MB, empty or of another type than an image or a PDF is left out with its own
 * problem ('{file name} is more than 20 MB'), and those past the fourth with 'at most 4'. The
 * server checks the same again, by the bytes.
 */
export function addTicketFiles<File extends FileLike>(
  current: readonly File[],
  chosen: readonly File[],
): { files: File[]; problems: FileProblem[] } {
  const files = [...current];
  const problems: FileProblem[] = [];
  let isFull = false;
  for (const file of chosen) {
    const problem = checkTicketFiles([file]);
    if (problem !== null) {
      problems.push(toFileProblem(problem.problem, file.name));
      continue;
    }
    if (files.length >= MAX_TICKET_FILES) {
      isFull = true;
      continue;
    }
    files.push(file);
  }
  if (isFull) problems.push({ key: 'tooManyFiles' });
  return { files, problems };
}

function toFileProblem(
  problem: 'tooManyFiles' | 'fileTooLarge' | 'fileTypeNotAllowed' | 'fileEmpty',
  name: string,
): FileProblem {
  switch (problem) {
    case 'fileTooLarge':
      return { key: 'fileTooLarge', name };
    case 'fileEmpty':
      return { key: 'fileEmptyNamed', name };
    case 'fileTypeNotAllowed':
      return { key: 'fileTypeNamed', name };
    case 'tooManyFiles':
      return { key: 'tooManyFiles' };
  }
}

export type NewTicketValues = {
  issueType: string | null;
  description: string;
  files: readonly FileLike[];
};

export type TicketFieldErrors = {
  issueType?: 'issueTypeRequired';
  description?: 'descriptionRequired' | 'textTooLong';
  files?: FileProblem;
};

/**
 * The checks of vm-lifecycle.md §5 before a ticket is sent: an issue type ('Please select Issue
 * Type'), a description ('Please Enter Description', at most 5000 characters) and the files.
 */
export function checkNewTicket({
  issueType,
  description,
  files,
}: NewTicketValues): TicketFieldErrors {
  const errors: TicketFieldErrors = {};
  if (issueType === null || issueType.trim() === '') errors.issueType = 'issueTypeRequired';
  const text = description.trim();
  if (text === '') errors.description = 'descriptionRequired';
  else if (text.length > MAX_TICKET_TEXT_LENGTH) errors.description = 'textTooLong';
  const fileProblem = checkTicketFiles(files);
  if (fileProblem !== null)
    errors.files = toFileProblem(fileProblem.problem, fileProblem.fileName ?? '');
  return errors;
}

export type ReplyFieldErrors = {
  message?: 'messageRequired' | 'textTooLong';
  files?: FileProblem;
};

/** A reply needs its text (at most 5000 characters); its files follow the ticket's rules. */
export function checkReply({
  message,
  files,
}: {
  message: string;
  files: readonly FileLike[];
}): ReplyFieldErrors {
  const errors: ReplyFieldErrors = {};
  const text = message.trim();
  if (text === '') errors.message = 'messageRequired';
  else if (text.length > MAX_TICKET_TEXT_LENGTH) errors.message = 'textTooLong';
  const fileProblem = checkTicketFiles(files);
  if (fileProblem !== null)
    errors.files = toFileProblem(fileProblem.problem, fileProblem.fileName ?? '');
  return errors;
}

/** A file's size as the list shows it: megabytes with one decimal, "under 0.1 MB" below. */
export function fileSizeInMegabytes(bytes: number): string | null {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes < 0.1) return null;
  return megabytes.toFixed(1);
}
