import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { ROLE_PERMISSIONS } from '@cloud-portal/contract/operator/permissions';
import type { TStaffMe, TTotpSetup } from '@cloud-portal/contract/operator/auth';
import type { Database, Transaction } from '../../db/client';
import {
  staff,
  staffPendingSignIns,
  staffRecoveryCodes,
  staffSessions,
} from '../../db/schema/staff';
import { AppError } from '../../errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { readEnrolmentLink, useEnrolmentLink } from './enrolment-links';
import {
  acceptTotpStep,
  forgetFailedPasswords,
  replaceRecoveryCodes,
  reserveCodeCheck,
  reservePasswordCheck,
  useRecoveryCode,
} from './staff-codes';
import { findStaffByEmail, staffById } from './staff-accounts';
import { idleEndOf, listMemberships, startStaffSession, type StaffSession } from './staff-sessions';
import { STAFF_PENDING_MS } from './staff-settings';
import { matchingStep, newTotpSecret, openTotpSecret, sealTotpSecret, totpSetupOf } from './totp';

export type AuthDeps = { db: Database; secret: string; credentialsKey: Buffer };
type PendingStep = 'totp' | 'enrol';
type Pending = typeof staffPendingSignIns.$inferSelect;

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

async function startPending(
  tx: Database | Transaction,
  staffId: number,
  step: PendingStep,
  companyId: number | null,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await tx.insert(staffPendingSignIns).values({
    id: sha256(token),
    staffId,
    step,
    companyId,
    expiresAt: new Date(now.getTime() + STAFF_PENDING_MS),
    createdAt: now,
  });
  return token;
}

/** The pending step a cookie names, at `step`, unexpired: else 401 "sign in again". */
export async function readPending(
  db: Database,
  token: string | undefined,
  step: PendingStep,
  now = new Date(),
): Promise<Pending> {
  if (!token) throw new AppError(401, operatorTexts.signInAgain);
  const [pending] = await db
    .select()
    .from(staffPendingSignIns)
    .where(
      and(
        eq(staffPendingSignIns.id, sha256(token)),
        eq(staffPendingSignIns.step, step),
        gt(staffPendingSignIns.expiresAt, timestamp(now)),
      ),
    );
  if (!pending) throw new AppError(401, operatorTexts.signInAgain);
  return pending;
}

/** Completes a pending step inside the transaction that decides it: once, whoever races. */
async function completePending(tx: Transaction, pending: Pending): Promise<void> {
  const deleted = await tx
    .delete(staffPendingSignIns)
    .where(eq(staffPendingSignIns.id, pending.id))
    .returning({ id: staffPendingSignIns.id });
  if (deleted.length === 0) throw new AppError(401, operatorTexts.signInAgain);
}

/**
 * Email and password: a right pair starts the pending TOTP step ('totp'), or the authenticator's
 * set-up ('enrol') for a member who has none (new, or reset by an owner). Five wrong passwords for
 * an address pause it for 15 minutes, known account or not.
 */
export async function signIn(
  deps: AuthDeps,
  email: string,
  password: string,
  now = new Date(),
): Promise<{ token: string; step: PendingStep }> {
  if (!(await reservePasswordCheck(deps.db, deps.secret, email, now)))
    throw new AppError(429, operatorTexts.signInPaused);
  const member = await findStaffByEmail(deps.db, email);
  if (!(await verifyPassword(member?.passwordHash ?? null, password)) || !member)
    throw new AppError(401, operatorTexts.invalidCredentials);
  await forgetFailedPasswords(deps.db, deps.secret, email);
  if ((await listMemberships(deps.db, member.id)).length === 0)
    throw new AppError(403, operatorTexts.noCompany);
  const step: PendingStep = member.totpSecretSealed ? 'totp' : 'enrol';
  return { token: await startPending(deps.db, member.id, step, null, now), step };
}

/**
 * The company a new session starts in: the first of `preferred` the member belongs to (the
 * enrolment link's company, the site's), else their first company; 403 when they have none.
 */
async function startingCompany(
  db: Database | Transaction,
  staffId: number,
  preferred: (number | null)[],
): Promise<number> {
  const memberships = await listMemberships(db, staffId);
  const first = preferred.find((id) => memberships.some((m) => m.companyId === id));
  const companyId = first ?? memberships[0]?.companyId;
  if (companyId === undefined) throw new AppError(403, operatorTexts.noCompany);
  return companyId;
}

export type StartedSession = { token: string; session: StaffSession };

/**
 * The TOTP step: a code of the member's authenticator (a time step newer than the last accepted
 * one) or an unused recovery code. The code's acceptance, the pending step's end and the session
 * are one transaction, so a code sent twice at once starts one session.
 */
export async function verifySignIn(
  deps: AuthDeps,
  pendingToken: string | undefined,
  answer: { code: string } | { recoveryCode: string },
  siteCompanyId: number | null,
  now = new Date(),
): Promise<StartedSession> {
  const pending = await readPending(deps.db, pendingToken, 'totp', now);
  const member = await staffById(deps.db, pending.staffId);
  if (!member?.totpSecretSealed) throw new AppError(401, operatorTexts.signInAgain);
  if (!(await reserveCodeCheck(deps.db, member.id, now)))
    throw new AppError(429, operatorTexts.totpTooManyAttempts);

  const step =
    'code' in answer
      ? matchingStep(
          openTotpSecret(deps.credentialsKey, member.totpSecretSealed),
          answer.code,
          now.getTime(),
        )
      : null;
  if ('code' in answer && step === null) throw new AppError(400, operatorTexts.totpIncorrect);

  return deps.db.transaction(async (tx) => {
    if ('code' in answer) {
      if (!(await acceptTotpStep(tx, member.id, step!)))
        throw new AppError(400, operatorTexts.totpIncorrect);
    } else if (!(await useRecoveryCode(tx, deps.secret, member.id, answer.recoveryCode, now))) {
      throw new AppError(400, operatorTexts.recoveryCodeIncorrect);
    }
    await completePending(tx, pending);
    const companyId = await startingCompany(tx, member.id, [pending.companyId, siteCompanyId]);
    return startStaffSession(tx, member.id, companyId, now);
  });
}

/**
 * An enrolment link's password step: uses the link (once, within 24 hours), sets the name and
 * password, drops any previous authenticator, recovery codes and sessions, and starts the
 * authenticator's set-up ('enrol').
 */
export async function enrolWithLink(
  deps: AuthDeps,
  linkToken: string,
  form: { name: string; password: string },
  now = new Date(),
): Promise<string> {
  // The costly hash only for a link that can still be used (the UPDATE below decides).
  if (!(await readEnrolmentLink(deps.db, linkToken, now)))
    throw new AppError(404, operatorTexts.enrolmentLinkInvalid);
  const passwordHash = await hashPassword(form.password);
  return deps.db.transaction(async (tx) => {
    const link = await useEnrolmentLink(tx, linkToken, now);
    if (!link) throw new AppError(404, operatorTexts.enrolmentLinkInvalid);
    await tx
      .update(staff)
      .set({
        name: form.name,
        passwordHash,
        totpSecretSealed: null,
        totpLastStep: null,
        totpFailedCount: 0,
        totpPausedUntil: null,
      })
      .where(eq(staff.id, link.staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, link.staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, link.staffId));
    await tx.delete(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, link.staffId));
    return startPending(tx, link.staffId, 'enrol', link.companyId, now);
  });
}

/** The set-up step's secret, made once per pending step (a second call answers the same one). */
export async function totpSetup(
  deps: AuthDeps,
  pendingToken: string | undefined,
  now = new Date(),
): Promise<TTotpSetup> {
  const pending = await readPending(deps.db, pendingToken, 'enrol', now);
  let sealed = pending.newTotpSecretSealed;
  if (!sealed) {
    const [made] = await deps.db
      .update(staffPendingSignIns)
      .set({ newTotpSecretSealed: sealTotpSecret(deps.credentialsKey, newTotpSecret()) })
      .where(
        and(
          eq(staffPendingSignIns.id, pending.id),
          isNull(staffPendingSignIns.newTotpSecretSealed),
        ),
      )
      .returning({ sealed: staffPendingSignIns.newTotpSecretSealed });
    sealed =
      made?.sealed ?? (await readPending(deps.db, pendingToken, 'enrol', now)).newTotpSecretSealed;
  }
  const member = await staffById(deps.db, pending.staffId);
  const memberships = await listMemberships(deps.db, pending.staffId);
  const issuer =
    memberships.find((m) => m.companyId === pending.companyId)?.companyName ??
    memberships[0]?.companyName ??
    'Cloud Portal';
  return totpSetupOf(openTotpSecret(deps.credentialsKey, sealed!), member!.email, issuer);
}

/**
 * The set-up's confirmation: a right code makes the new secret the member's, makes ten new
 * recovery codes (answered once) and starts the session, in one transaction.
 */
export async function confirmTotp(
  deps: AuthDeps,
  pendingToken: string | undefined,
  code: string,
  siteCompanyId: number | null,
  now = new Date(),
): Promise<StartedSession & { recoveryCodes: string[] }> {
  const pending = await readPending(deps.db, pendingToken, 'enrol', now);
  if (!pending.newTotpSecretSealed) throw new AppError(409, operatorTexts.notEnrolling);
  if (!(await reserveCodeCheck(deps.db, pending.staffId, now)))
    throw new AppError(429, operatorTexts.totpTooManyAttempts);
  const step = matchingStep(
    openTotpSecret(deps.credentialsKey, pending.newTotpSecretSealed),
    code,
    now.getTime(),
  );
  if (step === null) throw new AppError(400, operatorTexts.totpIncorrect);
  return deps.db.transaction(async (tx) => {
    await completePending(tx, pending);
    await acceptTotpStep(tx, pending.staffId, step, pending.newTotpSecretSealed!);
    const recoveryCodes = await replaceRecoveryCodes(tx, deps.secret, pending.staffId);
    const companyId = await startingCompany(tx, pending.staffId, [
      pending.companyId,
      siteCompanyId,
    ]);
    const started = await startStaffSession(tx, pending.staffId, companyId, now);
    return { ...started, recoveryCodes };
  });
}

/** What GET me answers for a session whose company is one of the member's. */
export async function meOf(db: Database, session: StaffSession): Promise<TStaffMe> {
  const member = await staffById(db, session.staffId);
  const memberships = await listMemberships(db, session.staffId);
  const current = memberships.find((m) => m.companyId === session.companyId);
  if (!member || !current) throw new AppError(403, operatorTexts.notMember);
  return {
    staff: { id: member.id, name: member.name, email: member.email },
    memberships,
    currentCompanyId: session.companyId,
    role: current.role,
    permissions: [...ROLE_PERMISSIONS[current.role]],
    idleExpiresAt: idleEndOf(session).toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}
