import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZCompanyConfiguration,
  ZGetCompanyConfigurationRequest,
} from '@cloud-portal/contract/company/get-company-configuration';
import {
  ZGetDropdownListRequest,
  ZGetDropdownListResponse,
} from '@cloud-portal/contract/company/get-dropdown-list';
import {
  ZGetCompanyAddressRequest,
  ZGetCompanyAddressResponse,
} from '@cloud-portal/contract/company/get-company-address';
import {
  ZGetProductServicesRequest,
  ZGetProductServicesResponse,
} from '@cloud-portal/contract/company/get-product-services';
import { ZGetCountryCodeResponse } from '@cloud-portal/contract/company/get-country-code';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { optionalBody } from '../../http/optional-body';
import { RenderedJsonCache } from '../../http/rendered-json';
import { resolveCompany } from '../../tenancy/resolve-company';
import type { Company } from '../../tenancy/company-directory';
import { findCompanyCountry } from './find-company-country';
import { listCompanyAddresses } from './list-company-addresses';
import { listCountries } from './list-countries';
import { listMenuItems } from './list-menu-items';
import { listProductServices } from './list-product-services';
import { toCompanyConfiguration } from './serializers';
import { isCompanyScope } from '../../cache/cache-signals';

export function companyRoutes({
  db,
  companies,
  config,
  cacheSignals,
}: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const cacheMs = config.companyCacheMs;
    // Keyed by the directory's Company object, so a reloaded (changed) company renders afresh.
    const configurationJson = new RenderedJsonCache<Company>(
      zEnvelope(ZCompanyConfiguration),
      cacheMs,
    );
    const menuJson = new RenderedJsonCache<number>(zEnvelope(ZGetDropdownListResponse), cacheMs);
    const addressJson = new RenderedJsonCache<number>(
      zEnvelope(ZGetCompanyAddressResponse),
      cacheMs,
    );
    const serviceJson = new RenderedJsonCache<number>(
      zEnvelope(ZGetProductServicesResponse),
      cacheMs,
    );
    const countryJson = new RenderedJsonCache<'all'>(zEnvelope(ZGetCountryCodeResponse), cacheMs);
    const companyAnswers = [configurationJson, menuJson, addressJson, serviceJson];
    cacheSignals.subscribe((scope) => {
      if (isCompanyScope(scope)) for (const answers of companyAnswers) answers.clear();
    });

    app.post(
      '/getCompanyConfiguration',
      {
        schema: {
          tags: ['company'],
          summary: 'The configuration of the company answering on an origin',
          description:
            '200 with the configuration; 300 (HTTP 503) while the company is in maintenance; ' +
            "404 'Company not registered yet' for an unknown origin.",
          body: optionalBody(ZGetCompanyConfigurationRequest),
          response: { 200: zEnvelope(ZCompanyConfiguration), ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await resolveCompany(companies, request, request.body.customerUrl);
        return configurationJson.send(reply, company, async () =>
          ok(toCompanyConfiguration(company, await findCompanyCountry(db, company))),
        );
      },
    );

    app.post(
      '/getDropdownList',
      {
        schema: {
          tags: ['company'],
          summary: 'The Benefits menu: external links of the company',
          body: optionalBody(ZGetDropdownListRequest),
          response: { 200: zEnvelope(ZGetDropdownListResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await resolveCompany(companies, request, request.body.customerUrl);
        return menuJson.send(reply, company.id, async () =>
          ok(await listMenuItems(db, company.id)),
        );
      },
    );

    app.post(
      '/home/getCompanyAddress',
      {
        schema: {
          tags: ['company'],
          summary: "The company's office addresses",
          body: optionalBody(ZGetCompanyAddressRequest),
          response: { 200: zEnvelope(ZGetCompanyAddressResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return addressJson.send(reply, company.id, async () =>
          ok(await listCompanyAddresses(db, company.id)),
        );
      },
    );

    app.post(
      '/home/getProductServices',
      {
        schema: {
          tags: ['company'],
          summary: "The company's business units (product services) with their cloud services",
          body: optionalBody(ZGetProductServicesRequest),
          response: { 200: zEnvelope(ZGetProductServicesResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return serviceJson.send(reply, company.id, async () =>
          ok(await listProductServices(db, company.id)),
        );
      },
    );

    app.get(
      '/getCountryCode',
      {
        schema: {
          tags: ['company'],
          summary: 'Countries with dialling code, mobile number lengths, currency and tax',
          response: { 200: zEnvelope(ZGetCountryCodeResponse), ...errorResponses },
        },
      },
      async (_request, reply) =>
        countryJson.send(reply, 'all', async () => ok(await listCountries(db))),
    );
  };
}
