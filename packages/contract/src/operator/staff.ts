import { z } from 'zod';
import { zAccountEmail } from '../accounts/account-fields';
import { STAFF_ROLES } from './permissions';
import { operatorTexts } from './operator-texts';

/**
 * The company's staff, under /api/operator/staff (key staff.manage; issue 27, ADR 028). Each
 * write is audited: staff.invite, staff.role, staff.remove, staff.totp-reset.
 *
 * GET    /api/operator/staff                     → TStaffMember[] (by name)
 * POST   /api/operator/staff                     { email, role } → TStaffMember; mails an
 *        enrolment link (24 h) to a new person, a notice to one who already has an account
 * PATCH  /api/operator/staff/:staffId            { role } → TStaffMember (409 lastOwner)
 * DELETE /api/operator/staff/:staffId            → null (409 lastOwner)
 * POST   /api/operator/staff/:staffId/totp-reset → TStaffMember; they enrol again at next sign-in
 *        (403 notOnYourself)
 */

export const zStaffRole = z.enum(STAFF_ROLES, { error: operatorTexts.roleInvalid });

export const ZStaffMember = z.object({
  staffId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: zStaffRole,
  /** Has set a password and an authenticator app (false: the invite or a reset is pending). */
  enrolled: z.boolean(),
  joinedAt: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffList = z.array(ZStaffMember);

export const ZInviteStaffRequest = z.object({ email: zAccountEmail, role: zStaffRole });
export type TInviteStaffRequest = z.input<typeof ZInviteStaffRequest>;

export const ZChangeRoleRequest = z.object({ role: zStaffRole });
export type TChangeRoleRequest = z.input<typeof ZChangeRoleRequest>;

export const ZStaffIdParams = z.object({ staffId: z.coerce.number().int().positive() });
