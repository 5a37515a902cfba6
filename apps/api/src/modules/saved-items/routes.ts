import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import {
  ZDeletedSavedVmRequest,
  ZSaveVmForLaterRequest,
  ZSaveVmForLaterResponse,
  ZShowSavedVmResponse,
} from '@cloud-portal/contract/saved-items/saved-vm';
import type { AppDeps } from '../../app-deps';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, requireActor } from '../../http/request-context';
import { deleteSavedVm, listSavedVms, saveVmForLater } from './saved-vms';
import { perAddress } from '../../http/rate-limits';

/** vm-lifecycle.md §2.8: a customer's saved products, never anyone else's. */
export function savedItemRoutes({ db, customerCaches }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    app.post(
      '/virtualMachine/saveVMForLater',
      {
        config: perAddress(30),
        schema: {
          tags: ['saved-items'],
          summary: 'Save a configuration for later',
          description:
            "409 'The price has changed…' when totalAmount is not the server's quote (data.quote is the current one); 409 'Already in your saved items' when this configuration (product, counts, period, region) is saved already (data: { ID, isAlreadySaved: true }); 422 when 100 are saved.",
          body: ZSaveVmForLaterRequest,
          response: { 200: zEnvelope(ZSaveVmForLaterResponse), ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body;
        const saved = await saveVmForLater(db, actorOf(request, 'customer'), {
          productId: body.productID,
          memory: body.memoryCount,
          disk: body.driveCount,
          processor: body.processorCount,
          regionId: body.region,
          days: body.timePeriod,
          totalAmount: body.totalAmount,
        });
        return ok(saved, marketplaceMessages.productSaved);
      },
    );

    const savedVmsAnswer = zEnvelope(ZShowSavedVmResponse);
    app.get(
      '/virtualMachine/showSavedVM',
      {
        schema: {
          tags: ['saved-items'],
          summary: "The customer's saved products, newest first",
          response: { 200: savedVmsAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const owner = actorOf(request, 'customer');
        return customerCaches.send(reply, owner, 'showSavedVM', savedVmsAnswer, async () =>
          ok(await listSavedVms(db, owner)),
        );
      },
    );

    app.post(
      '/virtualMachine/deletedSavedVM',
      {
        schema: {
          tags: ['saved-items'],
          summary: 'Delete one of your saved products',
          body: ZDeletedSavedVmRequest,
          response: { 200: zEnvelope(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        await deleteSavedVm(db, actorOf(request, 'customer'), request.body.savedProductID);
        return ok(null, marketplaceMessages.savedItemDeleted);
      },
    );
  };
}
