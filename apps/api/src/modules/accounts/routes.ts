import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZAddUserRequest, ZPendingLogin } from '@cloud-portal/contract/accounts/add-user';
import {
  ZLoginRequest,
  ZResendOtpRequest,
  ZTwoFactorAuthRequest,
} from '@cloud-portal/contract/accounts/login';
import {
  FORGOT_PASSWORD_SENT,
  PASSWORD_UPDATED,
  ZForgotPasswordRequest,
  ZForgotUserNameRequest,
  ZUpdatePasswordRequest,
} from '@cloud-portal/contract/accounts/password-recovery';
import {
  ZSessionUser,
  ZTwoFactorAuthResponse,
  type TSessionUser,
} from '@cloud-portal/contract/accounts/session';
import { maskEmail } from '@cloud-portal/contract/validation/account-rules';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, requireActor } from '../../http/request-context';
import { resolveCompany } from '../../tenancy/resolve-company';
import { requestLanguage } from '../../tenancy/request-language';
import { accountTexts } from '@cloud-portal/contract/accounts/account-texts';
import { completeLogin, logIn, resendCodeIfPending } from './log-in';
import { queueRecoveryRequest, resetPassword } from './password-recovery';
import { checkCsrfHeader } from './customer-resolver';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../http/session-cookie-names';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import {
  findLiveSession,
  findSessionIdByRefreshToken,
  refreshSession,
  revokeSession,
  type Customer,
  type IssuedTokens,
} from './sessions';
import { signUp } from './sign-up';
import { verifyAccessToken } from './crypto-tokens';
import { perAddress } from '../../http/rate-limits';

/** resendOtp's one answer: true whether or not a code went out. */
const otpResentText = (email: string) =>
  `If this login is still open, a new OTP is on its way to ${maskEmail(email)}`;

function toSessionUser(
  customer: Customer,
  tokens: Pick<IssuedTokens, 'sessionExpiresAt' | 'accessExpiresAt'>,
): TSessionUser {
  return {
    ID: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    emailID: customer.email,
    imagePath: customer.imagePath,
    sessionExpiresAt: tokens.sessionExpiresAt.toISOString(),
    accessExpiresAt: tokens.accessExpiresAt.toISOString(),
  };
}

/** Sign-up, login with a mailed code, recovery, and the session's refresh and logout. */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, companies, mail, sessionSecret: secret, config } = deps;
  const isSecure = config.publicUrl.startsWith('https:');
  const codeDeps = { db, mail, secret };

  return async (app) => {
    app.post(
      '/adduser',
      {
        config: perAddress(5),
        schema: {
          tags: ['accounts'],
          summary: 'Sign up: creates the account and mails a one-time code',
          body: ZAddUserRequest,
          response: { 200: zEnvelope(ZPendingLogin), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        const { customer, reference } = await signUp(
          codeDeps,
          company,
          request.body,
          requestLanguage(request, company),
        );
        return ok(
          { ID: reference, emailId: customer.email },
          `An OTP is sent to your ${maskEmail(customer.email)}`,
        );
      },
    );

    app.post(
      '/login',
      {
        config: perAddress(10),
        schema: {
          tags: ['accounts'],
          summary: 'Log in, step one: email and password; mails a one-time code',
          body: ZLoginRequest,
          response: { 200: zEnvelope(ZPendingLogin), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        const { customer, reference } = await logIn(
          codeDeps,
          company,
          request.body.emailID,
          request.body.password,
          requestLanguage(request, company),
        );
        return ok(
          { ID: reference, emailId: customer.email },
          `An OTP is sent to your ${maskEmail(customer.email)}`,
        );
      },
    );

    app.post(
      '/twoFactorAuth',
      {
        config: perAddress(10),
        schema: {
          tags: ['accounts'],
          summary: 'Log in, step two: the mailed code; starts the session (httpOnly cookies)',
          body: ZTwoFactorAuthRequest,
          response: { 200: zEnvelope(ZTwoFactorAuthResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        const { customer, tokens, purpose } = await completeLogin(codeDeps, company, {
          reference: request.body.ID,
          email: request.body.emailID,
          code: request.body.OTP,
        });
        setSessionCookies(reply, tokens, isSecure);
        return ok(
          [toSessionUser(customer, tokens)],
          purpose === 'signup' ? accountTexts.signedUp : accountTexts.loggedIn,
        );
      },
    );

    app.post(
      '/resendOtp',
      {
        config: perAddress(5),
        schema: {
          tags: ['accounts'],
          summary: 'A new one-time code for a pending login',
          description:
            'The same answer, at once, whether or not ID and emailID name a login still waiting for its code; only then is a code mailed.',
          body: ZResendOtpRequest,
          response: { 200: zEnvelope(ZPendingLogin), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        const { ID, emailID } = request.body;
        const language = requestLanguage(request, company);
        // After the answer has gone: neither the answer nor its timing tells whether it matched.
        setImmediate(() => {
          resendCodeIfPending(codeDeps, company, { reference: ID, email: emailID }, language).catch(
            (error: unknown) =>
              request.log.error(
                { errorName: error instanceof Error ? error.name : typeof error },
                'resendOtp: the new code could not be sent',
              ),
          );
        });
        return ok({ ID, emailId: emailID }, otpResentText(emailID));
      },
    );

    app.post(
      '/forgotPassword',
      {
        config: perAddress(5),
        schema: {
          tags: ['accounts'],
          summary:
            'Mail a password recovery link (same answer whether or not the address has an account)',
          body: ZForgotPasswordRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await queueRecoveryRequest(deps.jobs, company, {
          email: request.body.emailID,
          language: requestLanguage(request, company),
          wants: 'password-reset',
        });
        return ok(null, FORGOT_PASSWORD_SENT);
      },
    );

    app.post(
      '/forgotUserName',
      {
        config: perAddress(5),
        schema: {
          tags: ['accounts'],
          summary: "Mail the account's login email (same answer whether or not it exists)",
          body: ZForgotUserNameRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await queueRecoveryRequest(deps.jobs, company, {
          email: request.body.emailID,
          language: requestLanguage(request, company),
          wants: 'user-name-reminder',
        });
        return ok(null, FORGOT_PASSWORD_SENT);
      },
    );

    app.post(
      '/updatePassword',
      {
        config: perAddress(10),
        schema: {
          tags: ['accounts'],
          summary:
            'Set a new password with a recovery link (single use, one hour); ends every session',
          body: ZUpdatePasswordRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await resetPassword(
          { db, secret },
          company,
          request.body.queryStringValue,
          request.body.password,
        );
        return ok(null, PASSWORD_UPDATED);
      },
    );

    app.post(
      '/auth/refresh',
      {
        config: perAddress(30),
        schema: {
          tags: ['accounts'],
          summary:
            'Renew the access token with the refresh cookie (rotates it; reused after a 10 s grace window, it ends the session)',
          response: { 200: zEnvelope(ZSessionUser), ...errorResponses },
        },
      },
      async (request, reply) => {
        // The site and its maintenance first: a refused refresh must not spend the token.
        const company = await resolveCompany(companies, request);
        const token = request.cookies[REFRESH_COOKIE];
        const result = token ? await refreshSession(db, secret, token, company.id) : 'invalid';
        if (result === 'other-company') throw new AppError(403, accountTexts.otherCompany);
        if (result === 'invalid' || result === 'reused') {
          clearSessionCookies(reply, isSecure);
          throw new AppError(401, accountTexts.sessionExpired);
        }
        setSessionCookies(reply, result.tokens, isSecure);
        return ok(toSessionUser(result.customer, result.tokens));
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Log out: revokes the session (needs the X-CSRF-Token header and a request from its own site) and clears the cookies',
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const company = await resolveCompany(companies, request);
        // The sessions of either cookie (the access token may have run out, or be gone): each
        // one still live must be this site's and match the CSRF header before any is revoked.
        const claims = verifyAccessToken(secret, request.cookies[ACCESS_COOKIE] ?? '', 0);
        const refresh = request.cookies[REFRESH_COOKIE];
        const sessionIds = new Set([
          claims && claims !== 'expired' ? claims.sessionId : null,
          refresh ? await findSessionIdByRefreshToken(db, refresh) : null,
        ]);
        const liveSessions = [];
        for (const sessionId of sessionIds) {
          const live = sessionId ? await findLiveSession(db, sessionId) : null;
          if (live) liveSessions.push(live.session);
        }
        for (const session of liveSessions) {
          if (session.companyId !== company.id) throw new AppError(403, accountTexts.otherCompany);
          checkCsrfHeader(request, secret, session.id);
        }
        for (const session of liveSessions) await revokeSession(db, session.id);
        clearSessionCookies(reply, isSecure);
        return ok(null, accountTexts.loggedOut);
      },
    );

    app.get(
      '/auth/session',
      {
        preValidation: requireActor('customer'),
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in customer (401 when there is none)',
          response: { 200: zEnvelope(ZSessionUser), ...errorResponses },
        },
      },
      async (request) => {
        const { customer, sessionExpiresAt, accessExpiresAt } = actorOf(request, 'customer');
        return ok(toSessionUser(customer, { sessionExpiresAt, accessExpiresAt }));
      },
    );
  };
}
