import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  EMAIL_AVAILABLE,
  ZCheckEmailRequest,
  ZCheckEmailResponse,
} from '@cloud-portal/contract/accounts/check-email';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { publicWriteRateLimit } from '../../http/rate-limits';
import { resolveCompany } from '../../tenancy/resolve-company';
import { checkEmailAvailability } from './email-availability';

/** Sign-up's step one: is this address still free with this company? (ADR 014) */
export function emailAvailabilityRoutes({ db, companies }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/checkEmail',
      {
        config: publicWriteRateLimit,
        schema: {
          tags: ['accounts'],
          summary: 'Sign-up, step one: whether the address can still open an account here',
          description:
            "200 when it can; 409 'An account with this email already exists. Please log in.' " +
            "when it has one with this company (adduser's own answer); 400 for an address " +
            'adduser would refuse; 429 after 5 checks a minute from one client address.',
          body: ZCheckEmailRequest,
          response: { 200: zEnvelope(ZCheckEmailResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await checkEmailAvailability(db, company, request.body.emailID);
        return ok({ emailID: request.body.emailID }, EMAIL_AVAILABLE);
      },
    );
  };
}
