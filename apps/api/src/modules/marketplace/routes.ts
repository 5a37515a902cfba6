import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZGetProductsRequest,
  ZGetProductsResponse,
} from '@cloud-portal/contract/marketplace/get-products';
import {
  ZGetFilteredProductsRequest,
  ZGetFilteredProductsResponse,
} from '@cloud-portal/contract/marketplace/get-filtered-products';
import {
  PRODUCT_NAMES_LIMIT,
  ZGetProductNamesRequest,
  ZGetProductNamesResponse,
} from '@cloud-portal/contract/marketplace/get-product-names';
import {
  ZGetSpecificationRequest,
  ZGetSpecificationResponse,
} from '@cloud-portal/contract/marketplace/get-specification';
import {
  ZGetVmProductDetailsRequest,
  ZGetVmProductDetailsResponse,
} from '@cloud-portal/contract/marketplace/get-vm-product-details';
import {
  ZGetVmQuoteRequest,
  ZGetVmQuoteResponse,
} from '@cloud-portal/contract/marketplace/get-vm-quote';
import type { AppDeps } from '../../app-deps';
import { isCompanyScope } from '../../cache/cache-signals';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, identifyActor, requireActor } from '../../http/request-context';
import { optionalBody } from '../../http/optional-body';
import { RenderedJsonCache } from '../../http/rendered-json';
import { resolveCompany } from '../../tenancy/resolve-company';
import { listPartnerClouds } from '../content/list-partner-clouds';
import { loadFilterData } from './filter-data';
import { isKnownService } from './is-known-service';
import { TtlCache } from '../../lib/ttl-cache';
import {
  listProductNames,
  listProductPage,
  NO_FILTERS,
  type SectionTotalsCache,
} from './list-products';
import { loadProductDetails, loadSpecification } from './product-details';
import { quoteProductConfiguration } from './quote-configuration';
import { listUsableGateways } from '../../payments/gateway-settings';
import { perAddress } from '../../http/rate-limits';

/** portal.md §2 Marketplace and vm-lifecycle.md §2.1: browsing, specification, configuration. */
/** Filter combinations whose rendered page a process keeps (oldest dropped first). */
const FILTERED_PAGES_KEPT = 5_000;

export function marketplaceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, companies, config } = deps;
  // The first page every marketplace visit asks for; the catalogue changes rarely, so it is
  // rendered once per company, service, page size and audience for as long as a company is cached.
  const firstPages = new RenderedJsonCache<string>(
    zEnvelope(ZGetProductsResponse),
    config.companyCacheMs,
  );
  const totals: SectionTotalsCache = new TtlCache(config.companyCacheMs);
  // Filtered pages are public and the same for every visitor (or every customer) of a company:
  // rendered once per filter combination, dropped with the company's other answers (ADR 021).
  const filteredPages = new RenderedJsonCache<string>(
    zEnvelope(ZGetFilteredProductsResponse),
    config.companyCacheMs,
    FILTERED_PAGES_KEPT,
  );
  deps.cacheSignals.subscribe((scope) => {
    if (!isCompanyScope(scope)) return;
    firstPages.clear();
    filteredPages.clear();
    totals.clear();
  });

  return async (app) => {
    app.post(
      '/marketPlace/getProducts',
      {
        schema: {
          tags: ['marketplace'],
          summary: 'First page of products (standard and custom), clouds and the filter choices',
          description: 'Public. vm_Cost only for a logged-in customer of this company.',
          body: optionalBody(ZGetProductsRequest),
          response: { 200: zEnvelope(ZGetProductsResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { websiteUrl, serviceName, pageSize } = request.body;
        const company = await resolveCompany(companies, request, websiteUrl);
        const pricesVisible = (await identifyActor(request, company)).kind === 'customer';
        const key = `${company.id}|${serviceName.toLowerCase()}|${pageSize}|${pricesVisible}`;
        return firstPages.send(reply, key, async () => {
          const [page, filterData, clouds, serviceExists] = await Promise.all([
            listProductPage(
              db,
              company.id,
              { ...NO_FILTERS, serviceName, page: 1, pageSize, section: 'all' },
              pricesVisible,
              totals,
            ),
            loadFilterData(db, company.id, serviceName),
            listPartnerClouds(db, company.id),
            isKnownService(db, company.id, serviceName),
          ]);
          return ok({
            ...page,
            cloudData: clouds.map(({ ID: _id, ...cloud }) => cloud),
            filterData,
            serviceName,
            serviceExists,
          });
        });
      },
    );

    app.post(
      '/marketPlace/getFilteredProducts',
      {
        schema: {
          tags: ['marketplace'],
          summary: "Apply the quick-search filters; also a section's further pages",
          description:
            'Public. Filters are 0 when unset. data is a list whose first item carries the page.',
          body: ZGetFilteredProductsRequest,
          response: { 200: zEnvelope(ZGetFilteredProductsResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { websiteUrl, ...query } = request.body;
        const company = await resolveCompany(companies, request, websiteUrl);
        const pricesVisible = (await identifyActor(request, company)).kind === 'customer';
        const key = JSON.stringify([
          company.id,
          pricesVisible,
          { ...query, serviceName: query.serviceName.toLowerCase() },
        ]);
        return filteredPages.send(reply, key, async () =>
          ok([await listProductPage(db, company.id, query, pricesVisible, totals)]),
        );
      },
    );

    app.post(
      '/marketPlace/getProductNames',
      {
        schema: {
          tags: ['marketplace'],
          summary: "The VM select: one operating system's products by name",
          body: ZGetProductNamesRequest,
          response: { 200: zEnvelope(ZGetProductNamesResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok(await listProductNames(db, company.id, request.body, PRODUCT_NAMES_LIMIT));
      },
    );

    app.post(
      '/marketPlace/getSpecification',
      {
        schema: {
          tags: ['marketplace'],
          summary: "A product's specification lines by sequence",
          description: 'Public. costPerUnit and totalCost only for a logged-in customer.',
          body: ZGetSpecificationRequest,
          response: { 200: zEnvelope(ZGetSpecificationResponse), ...errorResponses },
        },
      },
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        const pricesVisible = (await identifyActor(request, company)).kind === 'customer';
        return ok(await loadSpecification(db, company.id, request.body.productID, pricesVisible));
      },
    );

    await app.register(async (plugin) => {
      const customerOnly = plugin.withTypeProvider<ZodTypeProvider>();
      customerOnly.addHook('preValidation', requireActor('customer'));

      customerOnly.post(
        '/marketPlace/getVMProductDetails',
        {
          schema: {
            tags: ['marketplace'],
            summary: '/productdetails/{id}: product, lines, CPU rules, periods, tax, discounts',
            body: ZGetVmProductDetailsRequest,
            response: { 200: zEnvelope(ZGetVmProductDetailsResponse), ...errorResponses },
          },
        },
        async (request) => {
          const { companyId } = actorOf(request, 'customer');
          const [details, usable] = await Promise.all([
            loadProductDetails(db, companyId, request.body.productID),
            listUsableGateways(db, deps.credentialsKey, companyId),
          ]);
          // Only gateways the company can take payments with are offered (ADR 016).
          return ok({
            ...details,
            paymentGateway: details.paymentGateway.filter((name) => usable.includes(name)),
          });
        },
      );

      customerOnly.post(
        '/marketPlace/getVMQuote',
        {
          config: perAddress(120),
          schema: {
            tags: ['marketplace'],
            summary: "The server's Total Value table for a configuration",
            description: '400 with data.errors when the product does not offer the configuration.',
            body: ZGetVmQuoteRequest,
            response: { 200: zEnvelope(ZGetVmQuoteResponse), ...errorResponses },
          },
        },
        async (request) => {
          const { productID, memory, disk, processor, timePeriod } = request.body;
          const { details, quote } = await quoteProductConfiguration(
            db,
            actorOf(request, 'customer').companyId,
            productID,
            { memory, disk, processor },
            timePeriod,
          );
          return ok({ ...quote, currency: details.VMProductDetail.vm_currency });
        },
      );
    });
  };
}
