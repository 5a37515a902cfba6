import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffMemberships } from '../../db/schema/staff';
import { recordAudit } from '../../audit/record-audit';
import { createEnrolmentLink } from './enrolment-links';
import { findOrCreateStaff } from './staff-accounts';

/**
 * Makes `email` an owner of the company (the staff member created when new) and answers a
 * one-time enrolment link: what `npm run operator:create` and the demo seed print. Using the link
 * sets the password and the authenticator afresh, so it is also how an owner who lost both gets
 * back in. Audited as the system's.
 */
export async function createOwnerEnrolment(
  db: Database,
  companyId: number,
  email: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { member, created } = await findOrCreateStaff(tx, email);
    const [before] = await tx
      .select({ role: staffMemberships.role })
      .from(staffMemberships)
      .where(
        sql`${staffMemberships.staffId} = ${member.id} and ${staffMemberships.companyId} = ${companyId}`,
      );
    await tx
      .insert(staffMemberships)
      .values({ staffId: member.id, companyId, role: 'owner' })
      .onConflictDoUpdate({
        target: [staffMemberships.staffId, staffMemberships.companyId],
        set: { role: 'owner' },
      });
    const link = await createEnrolmentLink(tx, member.id, companyId, now);
    await recordAudit(tx, {
      actor: { kind: 'system', companyId },
      action: 'staff.invite',
      subject: { type: 'staff', id: member.id },
      before: before ? { email: member.email, role: before.role } : null,
      after: { email: member.email, role: 'owner' },
    });
    return { staffId: member.id, created, ...link };
  });
}
