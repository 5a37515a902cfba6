import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZCompanyConfiguration,
  ZGetCompanyConfigurationRequest,
} from '@cloud-portal/contract/company/get-company-configuration';
import {
  ZGetDropdownListRequest,
  ZGetDropdownListResponse,
  type TMenuItem,
} from '@cloud-portal/contract/company/get-dropdown-list';
import {
  ZGetCompanyAddressRequest,
  ZGetCompanyAddressResponse,
  type TCompanyAddress,
} from '@cloud-portal/contract/company/get-company-address';
import {
  ZGetProductServicesRequest,
  ZGetProductServicesResponse,
  type TProductService,
} from '@cloud-portal/contract/company/get-product-services';
import {
  ZGetCountryCodeResponse,
  type TCountry,
} from '@cloud-portal/contract/company/get-country-code';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { optionalBody } from '../../http/optional-body';
import { TtlCache } from '../../lib/ttl-cache';
import { resolveCompany } from '../../tenancy/resolve-company';
import { listCompanyAddresses } from './list-company-addresses';
import { listCountries } from './list-countries';
import { listMenuItems } from './list-menu-items';
import { listProductServices } from './list-product-services';
import { toCompanyConfiguration } from './serializers';

export function companyRoutes({ db, companies, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const menuCache = new TtlCache<number, TMenuItem[]>(config.companyCacheMs);
    const addressCache = new TtlCache<number, TCompanyAddress[]>(config.companyCacheMs);
    const serviceCache = new TtlCache<number, TProductService[]>(config.companyCacheMs);
    const countryCache = new TtlCache<'all', TCountry[]>(config.companyCacheMs);

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
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.customerUrl);
        return ok(toCompanyConfiguration(company));
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
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.customerUrl);
        return ok(await menuCache.get(company.id, () => listMenuItems(db, company.id)));
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
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok(await addressCache.get(company.id, () => listCompanyAddresses(db, company.id)));
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
      async (request) => {
        const company = await resolveCompany(companies, request, request.body.websiteUrl);
        return ok(await serviceCache.get(company.id, () => listProductServices(db, company.id)));
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
      async () => ok(await countryCache.get('all', () => listCountries(db))),
    );
  };
}
