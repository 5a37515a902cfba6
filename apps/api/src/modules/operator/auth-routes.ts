import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZEnrolmentLink,
  ZEnrolmentPasswordRequest,
  ZEnrolmentTokenParams,
  ZStaffMe,
  ZStaffPendingStep,
  ZStaffSignInRequest,
  ZStaffVerifyRequest,
  ZSwitchCompanyRequest,
  ZTotpConfirmed,
  ZTotpConfirmRequest,
  ZTotpSetup,
} from '@cloud-portal/contract/operator/auth';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import {
  STAFF_PENDING_COOKIE,
  STAFF_SESSION_COOKIE,
} from '@cloud-portal/contract/operator/staff-session';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../../audit/record-audit';
import { staffSessions } from '../../db/schema/staff';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { requestOrigin } from '../../tenancy/request-origin';
import {
  confirmTotp,
  enrolWithLink,
  meOf,
  signIn,
  totpSetup,
  verifySignIn,
  type AuthDeps,
} from './auth-flow';
import { readEnrolmentLink } from './enrolment-links';
import {
  clearPendingCookie,
  clearStaffSessionCookies,
  setPendingCookie,
  setStaffSessionCookies,
} from './staff-cookies';
import {
  checkStaffCsrf,
  endStaffSession,
  findMembership,
  listMemberships,
  touchStaffSession,
  type StaffSession,
} from './staff-sessions';

/**
 * The staff's sign-in, enrolment and session calls, /api/operator/auth/* (issue 27, ADR 028).
 * Every one is rate-limited per address; the code steps also per staff member (staff-codes.ts).
 */
export function operatorAuthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, companies, config } = deps;
  const secret = deps.sessionSecret;
  const isSecure = config.publicUrl.startsWith('https:');
  const auth: AuthDeps = { db, secret, credentialsKey: deps.credentialsKey };
  const tags = ['operator'];

  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

  /** The company of the site serving the console, if any: where a new session starts by choice. */
  async function siteCompanyId(request: FastifyRequest): Promise<number | null> {
    const origin = requestOrigin(request);
    return origin ? ((await companies.findByOrigin(origin))?.id ?? null) : null;
  }

  /** The live session (idle time restarted), its CSRF header on a POST: else 401 / 403. */
  async function liveSession(
    request: FastifyRequest,
  ): Promise<{ token: string; session: StaffSession }> {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const session = token ? await touchStaffSession(db, token) : null;
    if (!token || !session) throw new AppError(401, operatorTexts.notSignedIn);
    if (request.method !== 'GET') checkStaffCsrf(request, secret, token);
    return { token, session };
  }

  return async (app) => {
    app.post(
      '/operator/auth/sign-in',
      {
        config: perAddress(10),
        schema: {
          tags,
          summary: 'Staff sign-in: email and password; answers the next step (totp or enrol)',
          body: ZStaffSignInRequest,
          response: { 200: zEnvelope(ZStaffPendingStep), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { token, step } = await signIn(auth, request.body.email, request.body.password);
        setPendingCookie(reply, token, isSecure);
        return ok({ step });
      },
    );

    app.post(
      '/operator/auth/verify',
      {
        config: perAddress(10),
        schema: {
          tags,
          summary: 'The TOTP step: an authenticator code or a recovery code starts the session',
          body: ZStaffVerifyRequest,
          response: { 200: zEnvelope(ZStaffMe), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { token, session } = await verifySignIn(
          auth,
          request.cookies[STAFF_PENDING_COOKIE],
          request.body,
          await siteCompanyId(request),
        );
        setStaffSessionCookies(reply, token, session, secret, isSecure);
        return ok(await meOf(db, session), operatorTexts.signedIn);
      },
    );

    app.get(
      '/operator/auth/enrolment/:token',
      {
        config: perAddress(20),
        schema: {
          tags,
          summary: 'Who an enrolment link is for (404 when expired, used or unknown)',
          params: ZEnrolmentTokenParams,
          response: { 200: zEnvelope(ZEnrolmentLink), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const link = await readEnrolmentLink(db, request.params.token);
        if (!link) throw new AppError(404, operatorTexts.enrolmentLinkInvalid);
        return ok({ ...link, expiresAt: link.expiresAt.toISOString() });
      },
    );

    app.post(
      '/operator/auth/enrolment/:token',
      {
        config: perAddress(5),
        schema: {
          tags,
          summary:
            'Uses an enrolment link: sets the name and password, then the authenticator step',
          params: ZEnrolmentTokenParams,
          body: ZEnrolmentPasswordRequest,
          response: { 200: zEnvelope(ZStaffPendingStep), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const token = await enrolWithLink(auth, request.params.token, request.body);
        setPendingCookie(reply, token, isSecure);
        return ok({ step: 'enrol' as const });
      },
    );

    app.get(
      '/operator/auth/totp-setup',
      {
        config: perAddress(10),
        schema: {
          tags,
          summary: 'The enrol step: a new TOTP secret as an otpauth URI and a QR code',
          response: { 200: zEnvelope(ZTotpSetup), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await totpSetup(auth, request.cookies[STAFF_PENDING_COOKIE]));
      },
    );

    app.post(
      '/operator/auth/totp-setup',
      {
        config: perAddress(10),
        schema: {
          tags,
          summary:
            'Confirms the authenticator with a code: the 10 recovery codes (once) and the session',
          body: ZTotpConfirmRequest,
          response: { 200: zEnvelope(ZTotpConfirmed), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { token, session, recoveryCodes } = await confirmTotp(
          auth,
          request.cookies[STAFF_PENDING_COOKIE],
          request.body.code,
          await siteCompanyId(request),
        );
        setStaffSessionCookies(reply, token, session, secret, isSecure);
        return ok({ recoveryCodes, me: await meOf(db, session) }, operatorTexts.signedIn);
      },
    );

    app.get(
      '/operator/auth/me',
      {
        config: perAddress(120),
        schema: {
          tags,
          summary: "The signed-in member, their companies and the current one's permission keys",
          response: { 200: zEnvelope(ZStaffMe), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const live = await liveSession(request);
        let session = live.session;
        // Removed from the session's company: carry on in another of theirs, or end the session.
        if (!(await findMembership(db, session.staffId, session.companyId))) {
          const [next] = await listMemberships(db, session.staffId);
          if (!next) {
            await endStaffSession(db, live.token);
            clearStaffSessionCookies(reply, isSecure);
            throw new AppError(401, operatorTexts.noCompany);
          }
          [session] = (await db
            .update(staffSessions)
            .set({ companyId: next.companyId })
            .where(eq(staffSessions.id, session.id))
            .returning()) as [StaffSession];
        }
        return ok(await meOf(db, session));
      },
    );

    app.post(
      '/operator/auth/switch-company',
      {
        config: perAddress(30),
        schema: {
          tags,
          summary: 'Moves the session to another company of the member (audited)',
          body: ZSwitchCompanyRequest,
          response: { 200: zEnvelope(ZStaffMe), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { session } = await liveSession(request);
        const target = request.body.companyId;
        if (!(await findMembership(db, session.staffId, target)))
          throw new AppError(403, operatorTexts.notMember);
        const switched = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(staffSessions)
            .set({ companyId: target })
            .where(eq(staffSessions.id, session.id))
            .returning();
          await recordAudit(tx, {
            actor: { kind: 'staff', companyId: target, staffId: session.staffId },
            action: 'staff.switch-company',
            subject: { type: 'staff', id: session.staffId },
            before: { companyId: session.companyId },
            after: { companyId: target },
            clientAddress: request.ip,
          });
          return row!;
        });
        return ok(await meOf(db, switched), operatorTexts.companySwitched);
      },
    );

    app.post(
      '/operator/auth/logout',
      {
        config: perAddress(30),
        schema: {
          tags,
          summary: 'Ends the staff session and clears its cookies',
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const token = request.cookies[STAFF_SESSION_COOKIE];
        if (token && (await touchStaffSession(db, token))) {
          checkStaffCsrf(request, secret, token);
          await endStaffSession(db, token);
        }
        clearStaffSessionCookies(reply, isSecure);
        clearPendingCookie(reply, isSecure);
        return ok(null, operatorTexts.signedOut);
      },
    );
  };
}
