import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@cloud-portal/contract/operator/permissions';
import type { Database, Transaction } from '../../db/client';
import { staff, staffMemberships } from '../../db/schema/staff';

export type Staff = typeof staff.$inferSelect;

export async function findStaffByEmail(
  db: Database | Transaction,
  email: string,
): Promise<Staff | null> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** The staff member with this address, created (no password yet) when there is none. */
export async function findOrCreateStaff(
  tx: Database | Transaction,
  email: string,
): Promise<{ member: Staff; created: boolean }> {
  const [created] = await tx
    .insert(staff)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  if (created) return { member: created, created: true };
  const member = await findStaffByEmail(tx, email);
  if (!member) throw new Error('staff member vanished while being invited');
  return { member, created: false };
}

/** Has set a password and an authenticator app. */
export const isEnrolled = (member: Pick<Staff, 'passwordHash' | 'totpSecretSealed'>) =>
  member.passwordHash !== null && member.totpSecretSealed !== null;

/** Adds a membership; null when they already are a member of the company. */
export async function addMembership(
  tx: Database | Transaction,
  staffId: number,
  companyId: number,
  role: StaffRole,
) {
  const [row] = await tx
    .insert(staffMemberships)
    .values({ staffId, companyId, role })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export const staffById = async (db: Database | Transaction, staffId: number) =>
  (await db.select().from(staff).where(eq(staff.id, staffId)))[0] ?? null;
