import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZGetCloudProductsRequest,
  ZGetCloudProductsResponse,
  ZGetProductDetailsRequest,
  ZGetProductDetailsResponse,
} from '@cloud-portal/contract/content/get-product-details';
import { ZSendQueryMailRequest } from '@cloud-portal/contract/content/send-query-mail';
import {
  ZGetExternalCloudRequest,
  ZGetExternalCloudResponse,
} from '@cloud-portal/contract/content/get-external-cloud';
import {
  ZCheckRedirectRequest,
  ZCheckRedirectResponse,
} from '@cloud-portal/contract/content/check-redirect';
import { messages } from '@cloud-portal/contract/validation/messages';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { optionalBody } from '../../http/optional-body';
import { perAddress, publicWriteRateLimit } from '../../http/rate-limits';
import { resolveCompany } from '../../tenancy/resolve-company';
import { requestLanguage } from '../../tenancy/request-language';
import { listProductServices } from '../company/list-product-services';
import { checkRedirect } from './check-redirect';
import { findBusinessUnit, toProductDetails } from './get-product-details';
import { listPartnerClouds } from './list-partner-clouds';
import { sendProductEnquiry } from './send-product-enquiry';

/** Products And Services, Partner Cloud Services, and the redirect helper's check. */
export function productServicesRoutes({ db, companies, mail }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/productServicesData/getProductDetails',
      {
        schema: {
          tags: ['content'],
          summary: 'Side menu of business units and the unit named by productName (slug or name)',
          body: optionalBody(ZGetProductDetailsRequest),
          response: { 200: zEnvelope(ZGetProductDetailsResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok(
          toProductDetails(await listProductServices(db, company.id), request.body.productName),
        );
      },
    );

    app.post(
      '/productServicesData/getCloudProducts',
      {
        schema: {
          tags: ['content'],
          summary: 'The cloud services of one business unit (by name or slug)',
          body: ZGetCloudProductsRequest,
          response: { 200: zEnvelope(ZGetCloudProductsResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        const { businessData } = toProductDetails(
          await listProductServices(db, company.id),
          request.body.serviceName,
        );
        if (!businessData) throw new AppError(404, messages.businessUnitNotFound);
        return ok(businessData.cloudService);
      },
    );

    app.post(
      '/productServicesData/sendQueryMail',
      {
        config: publicWriteRateLimit,
        schema: {
          tags: ['content'],
          summary:
            'Enquire about a business unit: stored, mailed to the company, thank-you to the sender',
          body: ZSendQueryMailRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        const { name, emailID, queryData, productService, websiteUrl } = request.body;
        const company = await resolveCompany(companies, request, websiteUrl);
        const known = findBusinessUnit(await listProductServices(db, company.id), productService);
        if (!known) {
          throw new AppError(400, messages.productServiceRequired, {
            errors: [{ field: 'productService', message: messages.productServiceRequired }],
          });
        }
        await sendProductEnquiry(
          mail,
          company,
          { name, email: emailID, productService, message: queryData },
          requestLanguage(request, company),
        );
        return ok(null, messages.requestSubmitted);
      },
    );

    app.post(
      '/marketplace/getExternalCloud',
      {
        schema: {
          tags: ['content'],
          summary: "The company's partner clouds",
          body: optionalBody(ZGetExternalCloudRequest),
          response: { 200: zEnvelope(ZGetExternalCloudResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok(await listPartnerClouds(db, company.id));
      },
    );

    app.post(
      '/redirect/check',
      {
        config: perAddress(60),
        schema: {
          tags: ['content'],
          summary: 'May the redirect helper page follow this link?',
          description: "200 with the absolute url; 403 'This link cannot be followed'.",
          body: ZCheckRedirectRequest,
          response: { 200: zEnvelope(ZCheckRedirectResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok({ url: await checkRedirect(db, company, request.body.url) });
      },
    );
  };
}
