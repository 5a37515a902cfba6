import { and, eq, isNull } from 'drizzle-orm';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { STATUS_DUPLICATE } from '@cloud-portal/contract/envelope';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { Database } from '../../db/client';
import { newsletterSubscribers, newsletterUnsubscribeTokens } from '../../db/schema/content';
import { AppError } from '../../errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { portalLink } from '../../tenancy/portal-link';
import type { MailService } from '../../mail/mail-service';
import { newsletterWelcomeMail } from '../../mail/templates/content-mails';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import type { Company } from '../../tenancy/company-directory';

/**
 * Adds an address to the company's newsletter list (409 when it is there already) and sends the
 * welcome mail, which, like every newsletter mail, carries a single-use unsubscribe link.
 */
export async function subscribeToNewsletter(
  db: Database,
  mail: MailService,
  company: Company,
  email: string,
  language: TLanguage,
): Promise<void> {
  const address = email.trim().toLowerCase();
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values({ companyId: company.id, email: address })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (!subscriber) throw new AppError(STATUS_DUPLICATE, messages.emailAlreadyExists);

  const unsubscribeUrl = await createUnsubscribeLink(db, company, subscriber.id);
  await mailFromCompany(mail, company, {
    kind: 'newsletter-welcome',
    to: address,
    render: (brand) => newsletterWelcomeMail(brand, language, unsubscribeUrl),
  });
}

/** A fresh unguessable link for one newsletter mail; only the token's hash is kept. */
async function createUnsubscribeLink(
  db: Database,
  company: Company,
  subscriberId: number,
): Promise<string> {
  const token = randomToken();
  await db.insert(newsletterUnsubscribeTokens).values({ subscriberId, tokenHash: sha256(token) });
  return portalLink(company, '/newsletter', token);
}

/** Removes the subscriber the link was made for; the link works once, and only for its company. */
export async function unsubscribeFromNewsletter(
  db: Database,
  company: Company,
  token: string,
): Promise<void> {
  const [found] = await db
    .select({ tokenId: newsletterUnsubscribeTokens.id, subscriberId: newsletterSubscribers.id })
    .from(newsletterUnsubscribeTokens)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterUnsubscribeTokens.subscriberId),
    )
    .where(
      and(
        eq(newsletterUnsubscribeTokens.tokenHash, sha256(token)),
        isNull(newsletterUnsubscribeTokens.usedAt),
        eq(newsletterSubscribers.companyId, company.id),
      ),
    );
  if (!found) throw new AppError(404, messages.unsubscribeLinkInvalid);
  // Deleting the subscriber deletes its tokens too: every link of theirs is spent.
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, found.subscriberId));
}
