import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZCheckResetLinkRequest } from '@cloud-portal/contract/accounts/password-recovery';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { resolveCompany } from '../../tenancy/resolve-company';
import { checkResetLink } from './password-recovery';

/** The recovery page's first call; forgotPassword, forgotUserName and updatePassword are in routes.ts. */
export function passwordRecoveryRoutes({ db, companies }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/checkResetLink',
      {
        config: perAddress(10),
        schema: {
          tags: ['accounts'],
          summary:
            'Whether a recovery link can still set a password (the same refusal for a fake, used or expired link)',
          body: ZCheckResetLinkRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await checkResetLink(db, company, request.body.queryStringValue);
        return ok(null);
      },
    );
  };
}
