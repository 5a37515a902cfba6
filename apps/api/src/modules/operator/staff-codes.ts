import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@cloud-portal/contract/operator/staff-session';
import type { Database, Transaction } from '../../db/client';
import { staff, staffRecoveryCodes, staffSignInFailures } from '../../db/schema/staff';
import { hmac } from '../../lib/tokens';
import { STAFF_FAILURES_BEFORE_PAUSE, STAFF_PAUSE_MS } from './staff-settings';

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Takes one of the code checks a staff member may have in a row, before the code is checked:
 * false while they are paused. One statement decides, so however many checks race, at most five
 * wrong codes (TOTP or recovery) are tried before the 15-minute pause the fifth one starts. A
 * right code gives the slots back (`acceptTotpStep`, `useRecoveryCode`).
 */
export async function reserveCodeCheck(db: Database, staffId: number, now = new Date()) {
  const { totpFailedCount: failed, totpPausedUntil: pausedUntil } = staff;
  const isPauseOver = sql`${pausedUntil} is not null`;
  const slots = await db
    .update(staff)
    .set({
      totpFailedCount: sql`case when ${isPauseOver} then 1 else ${failed} + 1 end`,
      totpPausedUntil: sql`case when not ${isPauseOver} and ${failed} + 1 >= ${STAFF_FAILURES_BEFORE_PAUSE}
        then ${timestamp(new Date(now.getTime() + STAFF_PAUSE_MS))} end`,
    })
    .where(
      and(eq(staff.id, staffId), or(isNull(pausedUntil), sql`${pausedUntil} <= ${timestamp(now)}`)),
    )
    .returning({ id: staff.id });
  return slots.length > 0;
}

/**
 * Accepts a code's time step only if it is newer than the last accepted one: one conditional
 * UPDATE decides, so the same code sent twice at once signs in once, and a code seen over
 * someone's shoulder is dead once used.
 */
export async function acceptTotpStep(
  tx: Transaction | Database,
  staffId: number,
  step: number,
  newSealedSecret?: string,
): Promise<boolean> {
  const accepted = await tx
    .update(staff)
    .set({
      totpLastStep: step,
      totpFailedCount: 0,
      totpPausedUntil: null,
      ...(newSealedSecret ? { totpSecretSealed: newSealedSecret } : {}),
    })
    .where(
      and(
        eq(staff.id, staffId),
        // A new secret (enrolment) starts a new series of steps.
        newSealedSecret ? sql`true` : or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step)),
      ),
    )
    .returning({ id: staff.id });
  return accepted.length > 0;
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from an alphabet without look-alikes (about 50 bits). */
function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!;
  const half = () => Array.from({ length: 5 }, pick).join('');
  return `${half()}-${half()}`;
}

/** Kept as a keyed hash, typed with or without the dash. */
export const recoveryCodeHash = (secret: string, code: string) =>
  hmac(secret, `staff-recovery:${code.trim().toLowerCase().replace('-', '')}`);

/** Replaces the member's recovery codes with ten new ones; answers them (shown once). */
export async function replaceRecoveryCodes(
  tx: Transaction,
  secret: string,
  staffId: number,
): Promise<string[]> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffId, codeHash: recoveryCodeHash(secret, code) })));
  return codes;
}

/** Uses a recovery code: one conditional UPDATE, so a code works once however many race. */
export async function useRecoveryCode(
  tx: Transaction | Database,
  secret: string,
  staffId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(secret, code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  if (used.length === 0) return false;
  await tx
    .update(staff)
    .set({ totpFailedCount: 0, totpPausedUntil: null })
    .where(eq(staff.id, staffId));
  return true;
}

/** A keyed hash of the address: the failures table never holds the addresses themselves. */
export const signInAddressKey = (secret: string, email: string) =>
  hmac(secret, `staff-sign-in:${email.toLowerCase()}`);

/**
 * One of the password checks an address may have in a row (as customers' reservePasswordCheck):
 * false while paused; the same for an address without an account.
 */
export async function reservePasswordCheck(
  db: Database,
  secret: string,
  email: string,
  now = new Date(),
): Promise<boolean> {
  const { failedCount, pausedUntil } = staffSignInFailures;
  const isPauseOver = sql`${pausedUntil} is not null`;
  const slots = await db
    .insert(staffSignInFailures)
    .values({ addressKey: signInAddressKey(secret, email), failedCount: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: staffSignInFailures.addressKey,
      set: {
        failedCount: sql`case when ${isPauseOver} then 1 else ${failedCount} + 1 end`,
        pausedUntil: sql`case when not ${isPauseOver} and ${failedCount} + 1 >= ${STAFF_FAILURES_BEFORE_PAUSE}
          then ${timestamp(new Date(now.getTime() + STAFF_PAUSE_MS))} end`,
        updatedAt: now,
      },
      setWhere: sql`${pausedUntil} is null or ${pausedUntil} <= ${timestamp(now)}`,
    })
    .returning({ failedCount });
  return slots.length > 0;
}

export async function forgetFailedPasswords(db: Database, secret: string, email: string) {
  await db
    .delete(staffSignInFailures)
    .where(eq(staffSignInFailures.addressKey, signInAddressKey(secret, email)));
}
