import { messages } from '@cloud-portal/contract/validation/messages';
import { STATUS_DUPLICATE } from '@cloud-portal/contract/envelope';
import type { Database } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';
import { AppError } from '../../errors';

/** Adds an address to the company's newsletter list; 409 when it is already there. */
export async function subscribeToNewsletter(
  db: Database,
  companyId: number,
  email: string,
): Promise<void> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ companyId, email: email.trim().toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 0) throw new AppError(STATUS_DUPLICATE, messages.emailAlreadyExists);
}
