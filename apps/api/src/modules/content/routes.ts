import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZGetAllNewsRequest,
  ZGetAllNewsResponse,
} from '@cloud-portal/contract/content/get-all-news';
import {
  ZGetNewsDetailRequest,
  ZGetNewsDetailResponse,
} from '@cloud-portal/contract/content/get-news-detail';
import { ZSubscribeUserRequest } from '@cloud-portal/contract/content/subscribe-user';
import { ZUnsubscribeUserRequest } from '@cloud-portal/contract/content/unsubscribe-user';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { optionalBody } from '../../http/optional-body';
import { perAddress, publicWriteRateLimit } from '../../http/rate-limits';
import { resolveCompany } from '../../tenancy/resolve-company';
import { requestLanguage } from '../../tenancy/request-language';
import { getNewsDetail } from './get-news-detail';
import { listNews } from './list-news';
import { subscribeToNewsletter, unsubscribeFromNewsletter } from './newsletter';

/** News and the newsletter. */
export function contentRoutes({ db, companies, mail }: AppDeps): FastifyPluginAsyncZod {
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
      '/news/getNewsDetail',
      {
        schema: {
          tags: ['content'],
          summary: 'One news item of the company',
          description:
            "Public, like the news list (ADR 005). 404 'This news item is not available'.",
          body: ZGetNewsDetailRequest,
          response: { 200: zEnvelope(ZGetNewsDetailResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok(await getNewsDetail(db, company.id, request.body.ID));
      },
    );

    app.post(
      '/newsLetter/subscribeUser',
      {
        config: publicWriteRateLimit,
        schema: {
          tags: ['content'],
          summary:
            'Subscribe an address to the newsletter; mails a welcome with an unsubscribe link',
          description: "200 'Subscribed successfully'; 409 'The email already exists'.",
          body: ZSubscribeUserRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await subscribeToNewsletter(
          db,
          mail,
          company,
          request.body.emailID,
          requestLanguage(request, company),
        );
        return ok(null, messages.subscribed);
      },
    );

    app.post(
      '/newsLetter/unSubscribeUser',
      {
        config: perAddress(10),
        schema: {
          tags: ['content'],
          summary: 'Unsubscribe with the token of a newsletter mail',
          description:
            "Single use. 404 'This unsubscribe link is invalid or has already been used'.",
          body: ZUnsubscribeUserRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        await unsubscribeFromNewsletter(db, company, request.body.queryStringValue);
        return ok(null, messages.unsubscribed);
      },
    );
  };
}
