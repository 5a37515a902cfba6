import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema/accounts';
import { FAILED_LOGINS_BEFORE_PAUSE, LOGIN_PAUSE_MS } from './account-settings';
import { loginAddressKey } from './crypto-tokens';

type LoginAddress = { companyId: number; email: string };

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Takes one of the password checks an address may have in a row, before the password is checked:
 * false while the address is paused. One statement decides, so however many logins race, at most
 * five passwords are checked before the pause, which the fifth slot starts. The same for an
 * address without an account, so the pause tells nobody which addresses exist.
 */
export async function reservePasswordCheck(
  db: Database,
  secret: string,
  { companyId, email }: LoginAddress,
  now = new Date(),
): Promise<boolean> {
  const { failedCount, pausedUntil } = loginFailures;
  // In ON CONFLICT … SET, the columns are the stored row's; the WHERE skips a paused row.
  const isPauseOver = sql`${pausedUntil} is not null`;
  const slots = await db
    .insert(loginFailures)
    .values({
      companyId,
      addressKey: loginAddressKey(secret, companyId, email),
      failedCount: 1,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [loginFailures.companyId, loginFailures.addressKey],
      set: {
        failedCount: sql`case when ${isPauseOver} then 1 else ${failedCount} + 1 end`,
        pausedUntil: sql`case when not ${isPauseOver} and ${failedCount} + 1 >= ${FAILED_LOGINS_BEFORE_PAUSE}
          then ${timestamp(new Date(now.getTime() + LOGIN_PAUSE_MS))} end`,
        updatedAt: now,
      },
      setWhere: sql`${pausedUntil} is null or ${pausedUntil} <= ${timestamp(now)}`,
    })
    .returning({ failedCount });
  return slots.length > 0;
}

/** A right password: the wrong ones before it no longer count. */
export async function forgetFailedPasswords(
  db: Database,
  secret: string,
  { companyId, email }: LoginAddress,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.companyId, companyId),
        eq(loginFailures.addressKey, loginAddressKey(secret, companyId, email)),
      ),
    );
}
