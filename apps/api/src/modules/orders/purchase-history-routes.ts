import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import {
  ZPurchaseHistoryPage,
  ZPurchaseHistoryQuery,
} from '@cloud-portal/contract/orders/purchase-history';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, requireActor } from '../../http/request-context';
import { listPurchaseHistory } from './purchase-history';

/** vm-lifecycle.md §2.7 Purchase History: the customer's own purchases, page by page. */
export function purchaseHistoryRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

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
        ok(await listPurchaseHistory(db, actorOf(request, 'customer'), request.query.page)),
    );
  };
}
