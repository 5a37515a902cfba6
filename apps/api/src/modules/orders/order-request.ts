import type { FastifyRequest } from 'fastify';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { CustomerActor } from '../../http/request-context';
import { requestLanguage } from '../../tenancy/request-language';
import { siteOrigin } from '../../tenancy/request-origin';

/** Where a customer places an order from: the site the gateway sends them back to, and its language. */
export type PlacedFrom = { origin: string; language: TLanguage };

export function placedFrom(request: FastifyRequest, customer: CustomerActor): PlacedFrom {
  return {
    origin: siteOrigin(request, customer.company),
    language: requestLanguage(request, customer.company),
  };
}
