import { getFieldErrors } from '@/lib/error-message';

/** The server's refusals of a message's files (`data.errors` on `files`), as it wrote them. */
export function readFileErrors(error: unknown): string[] {
  return getFieldErrors(error)
    .filter((item) => item.field === 'files')
    .map((item) => item.message);
}
