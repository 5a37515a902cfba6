import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZPurchaseHistoryPage,
  ZPurchaseHistoryQuery,
} from '@cloud-portal/contract/orders/purchase-history';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { requireCustomer } from '../accounts/require-customer';
import { listPurchaseHistory } from './purchase-history';

/** vm-lifecycle.md §2.7 Purchase History: the customer's own purchases, page by page. */
export function purchaseHistoryRoutes({
  db,
  companies,
  sessionSecret,
  customerCaches,
}: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireCustomer({ customerCaches, companies, sessionSecret }));

    app.get(
      '/profileSetting/purchaseHistory',
      {
        schema: {
          tags: ['orders'],
          summary: "One page of the customer's purchases, newest first",
          description:
            'The first page also arrives with userProfileInfo (`purchaseHistory`). `receiptToken` is null until the purchase is complete (`transactionStatus` COMPLETED); a page past the end answers no rows with the total.',
          querystring: ZPurchaseHistoryQuery,
          response: { 200: zEnvelope(ZPurchaseHistoryPage), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listPurchaseHistory(
            db,
            { companyId: request.customer!.companyId, customerId: request.customer!.id },
            request.query.page,
          ),
        ),
    );
  };
}
