import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { isStaffRole, type StaffRole } from '@cloud-portal/contract/operator/permissions';
import { OPERATOR_LOGIN_PATH } from '@cloud-portal/contract/operator/staff-session';
import {
  ZChangeRoleRequest,
  ZInviteStaffRequest,
  ZStaffIdParams,
  ZStaffList,
  ZStaffMember,
  type TStaffMember,
} from '@cloud-portal/contract/operator/staff';
import { toLanguage } from '@cloud-portal/contract/company/company-rules';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../../audit/record-audit';
import type { Database, Transaction } from '../../db/client';
import {
  staff,
  staffMemberships,
  staffPendingSignIns,
  staffRecoveryCodes,
  staffSessions,
} from '../../db/schema/staff';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, requireActor, type StaffActor } from '../../http/request-context';
import { mailFromCompany } from '../../mail/mail-company-and-sender';
import { staffAddedMail, staffInviteMail } from '../../mail/templates/staff-mails';
import { consoleOriginOf, createEnrolmentLink } from './enrolment-links';
import { addMembership, findOrCreateStaff, isEnrolled } from './staff-accounts';

const memberColumns = {
  staffId: staff.id,
  name: staff.name,
  email: staff.email,
  role: staffMemberships.role,
  passwordHash: staff.passwordHash,
  totpSecretSealed: staff.totpSecretSealed,
  joinedAt: staffMemberships.createdAt,
};

type MemberRow = {
  staffId: number;
  name: string;
  email: string;
  role: string;
  passwordHash: string | null;
  totpSecretSealed: string | null;
  joinedAt: Date;
};

const toMember = (row: MemberRow): TStaffMember => ({
  staffId: row.staffId,
  name: row.name,
  email: row.email,
  role: isStaffRole(row.role) ? row.role : 'read-only',
  enrolled: isEnrolled(row),
  joinedAt: row.joinedAt.toISOString(),
});

/** One member of the actor's company, the row locked for the change; 404 for anyone else. */
async function lockMember(tx: Transaction, actor: StaffActor, staffId: number) {
  const [row] = await tx
    .select(memberColumns)
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(
      and(eq(staffMemberships.companyId, actor.companyId), eq(staffMemberships.staffId, staffId)),
    )
    .for('update', { of: staffMemberships });
  if (!row) throw new AppError(404, operatorTexts.memberNotFound);
  return row;
}

/**
 * Refuses to leave the company without an owner. The other owners' rows are locked first, so two
 * owners demoting or removing each other at once cannot both pass: the second waits and counts
 * again.
 */
async function keepAnOwner(tx: Transaction, companyId: number, staffId: number) {
  const others = await tx
    .select({ id: staffMemberships.id })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.companyId, companyId),
        eq(staffMemberships.role, 'owner'),
        ne(staffMemberships.staffId, staffId),
      ),
    )
    .for('update');
  if (others.length === 0) throw new AppError(409, operatorTexts.lastOwner);
}

async function memberOf(db: Database | Transaction, companyId: number, staffId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.companyId, companyId), eq(staffMemberships.staffId, staffId)));
  return toMember(row!);
}

/**
 * The company's staff, /api/operator/staff (key staff.manage; issue 27). Every write is audited
 * in its transaction.
 */
export function operatorStaffRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mail } = deps;
  const tags = ['operator'];
  const manage = requireActor('staff', 'staff.manage');

  return async (app) => {
    app.get(
      '/operator/staff',
      {
        preValidation: manage,
        schema: {
          tags,
          summary: "The company's staff and their roles",
          response: { 200: zEnvelope(ZStaffList), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request, 'staff');
        const rows = await db
          .select(memberColumns)
          .from(staffMemberships)
          .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
          .where(eq(staffMemberships.companyId, actor.companyId))
          .orderBy(asc(staff.name), asc(staff.email));
        return ok(rows.map(toMember));
      },
    );

    app.post(
      '/operator/staff',
      {
        preValidation: manage,
        schema: {
          tags,
          summary: 'Invites a member by email with a role: mails an enrolment link (24 h)',
          body: ZInviteStaffRequest,
          response: { 200: zEnvelope(ZStaffMember), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request, 'staff');
        const { email, role } = request.body;
        const company = actor.company;
        const language = toLanguage(company.defaultLanguage);
        const member = await mail.inTransaction(async (tx, sender) => {
          const { member } = await findOrCreateStaff(tx, email);
          const membership = await addMembership(tx, member.id, company.id, role);
          if (!membership) throw new AppError(409, operatorTexts.memberAlreadyInCompany);
          if (isEnrolled(member)) {
            const signInUrl = `${await consoleOriginOf(tx, company.id)}${OPERATOR_LOGIN_PATH}`;
            await mailFromCompany(sender, company, {
              kind: 'staff-added',
              to: member.email,
              render: (brand) => staffAddedMail(brand, language, { role, signInUrl }),
            });
          } else {
            const link = await createEnrolmentLink(tx, member.id, company.id);
            await mailFromCompany(sender, company, {
              kind: 'staff-invite',
              to: member.email,
              render: (brand) => staffInviteMail(brand, language, { role, enrolUrl: link.url }),
            });
          }
          await recordAudit(tx, {
            actor,
            action: 'staff.invite',
            subject: { type: 'staff', id: member.id },
            before: null,
            after: { email: member.email, role },
          });
          return memberOf(tx, company.id, member.id);
        });
        return ok(member, operatorTexts.memberInvited);
      },
    );

    app.patch(
      '/operator/staff/:staffId',
      {
        preValidation: manage,
        schema: {
          tags,
          summary: "Changes a member's role (a company keeps one owner at least)",
          params: ZStaffIdParams,
          body: ZChangeRoleRequest,
          response: { 200: zEnvelope(ZStaffMember), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request, 'staff');
        const { staffId } = request.params;
        const role: StaffRole = request.body.role;
        const member = await db.transaction(async (tx) => {
          const before = await lockMember(tx, actor, staffId);
          if (before.role === 'owner' && role !== 'owner')
            await keepAnOwner(tx, actor.companyId, staffId);
          await tx
            .update(staffMemberships)
            .set({ role })
            .where(
              and(
                eq(staffMemberships.companyId, actor.companyId),
                eq(staffMemberships.staffId, staffId),
              ),
            );
          await recordAudit(tx, {
            actor,
            action: 'staff.role',
            subject: { type: 'staff', id: staffId },
            before: { role: before.role },
            after: { role },
          });
          return memberOf(tx, actor.companyId, staffId);
        });
        return ok(member, operatorTexts.roleChanged);
      },
    );

    app.delete(
      '/operator/staff/:staffId',
      {
        preValidation: manage,
        schema: {
          tags,
          summary: 'Removes a member from the company (at once: their next call is refused)',
          params: ZStaffIdParams,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request, 'staff');
        const { staffId } = request.params;
        await db.transaction(async (tx) => {
          const before = await lockMember(tx, actor, staffId);
          if (before.role === 'owner') await keepAnOwner(tx, actor.companyId, staffId);
          await tx
            .delete(staffMemberships)
            .where(
              and(
                eq(staffMemberships.companyId, actor.companyId),
                eq(staffMemberships.staffId, staffId),
              ),
            );
          await recordAudit(tx, {
            actor,
            action: 'staff.remove',
            subject: { type: 'staff', id: staffId },
            before: { email: before.email, role: before.role },
            after: null,
          });
        });
        return ok(null, operatorTexts.memberRemoved);
      },
    );

    app.post(
      '/operator/staff/:staffId/totp-reset',
      {
        preValidation: manage,
        schema: {
          tags,
          summary: "Resets a member's authenticator: they set it up again at their next sign-in",
          params: ZStaffIdParams,
          response: { 200: zEnvelope(ZStaffMember), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request, 'staff');
        const { staffId } = request.params;
        if (staffId === actor.staffId) throw new AppError(403, operatorTexts.notOnYourself);
        const member = await db.transaction(async (tx) => {
          const before = await lockMember(tx, actor, staffId);
          await tx
            .update(staff)
            .set({
              totpSecretSealed: null,
              totpLastStep: null,
              totpFailedCount: 0,
              totpPausedUntil: null,
            })
            .where(eq(staff.id, staffId));
          await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
          // Signed out everywhere: the next sign-in goes through the authenticator's set-up.
          await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
          await tx.delete(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, staffId));
          await recordAudit(tx, {
            actor,
            action: 'staff.totp-reset',
            subject: { type: 'staff', id: staffId },
            before: { email: before.email, enrolled: isEnrolled(before) },
            after: { email: before.email, enrolled: false },
          });
          return memberOf(tx, actor.companyId, staffId);
        });
        return ok(member, operatorTexts.totpReset);
      },
    );
  };
}
