import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZGetAllNewsRequest,
  ZGetAllNewsResponse,
} from '@cloud-portal/contract/content/get-all-news';
import {
  ZSubscribeUserRequest,
  ZSubscribeUserResponse,
} from '@cloud-portal/contract/content/subscribe-user';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { optionalBody } from '../../http/optional-body';
import { publicWriteRateLimit } from '../../http/rate-limits';
import { resolveCompany } from '../../tenancy/resolve-company';
import { listNews } from './list-news';
import { subscribeToNewsletter } from './subscribe-to-newsletter';

export function contentRoutes({ db, companies }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/news/getAllNews',
      {
        schema: {
          tags: ['content'],
          summary: "The company's news, newest first",
          body: optionalBody(ZGetAllNewsRequest),
          response: { 200: zEnvelope(ZGetAllNewsResponse), ...errorResponses },
        },
      },
      async (request) => {
        const { websiteUrl, limit, offset } = request.body;
        const company = await resolveCompany(companies, request, websiteUrl);
        return ok(await listNews(db, company.id, { limit, offset }));
      },
    );

    app.post(
      '/newsLetter/subscribeUser',
      {
        config: { rateLimit: publicWriteRateLimit },
        schema: {
          tags: ['content'],
          summary: 'Subscribe an address to the newsletter',
          description: "200 'Subscribed successfully'; 409 'The email already exists'.",
          body: ZSubscribeUserRequest,
          response: { 200: zEnvelope(ZSubscribeUserResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await subscribeToNewsletter(db, company.id, request.body.emailID);
        return ok(null, messages.subscribed);
      },
    );
  };
}
