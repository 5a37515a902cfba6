import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { ZVmDetailRequest } from '@cloud-portal/contract/vms/clone-vm';
import { ZUpdateVmDetailResponse, ZUpdateVmRequest } from '@cloud-portal/contract/vms/update-vm';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { perAddress } from '../../../http/rate-limits';
import { actorOf, requireActor } from '../../../http/request-context';
import { placedFrom } from '../../orders/order-request';
import { toOrderResponse } from '../../orders/serializers';
import { createUpdateOrder, getUpdateVmDetail } from '../orders/update-vm';

/** The update screen's calls (vm-lifecycle.md §2.3, §7; ADR 019): customers only, own machines. */
export function updateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const orderDeps = {
    db: deps.db,
    jobs: deps.jobs,
    credentialsKey: deps.credentialsKey,
    gatewayHttp: deps.gatewayHttp,
    orderExpiryMs: deps.config.orderExpiryMs,
    hypervisors: deps.hypervisors,
  };
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));

    app.post(
      '/virtualMachine/getVMDetailForUpdateVM',
      {
        schema: {
          tags: ['vms'],
          summary: 'What the update screen needs: the machine, its product’s limits and days left',
          description:
            "productID is the machine's id. 403 with the blocked tooltip ('…not able to update the VM.'); 404 for another customer's machine or a product no longer sold; 409 for a machine that is not running or shut off.",
          body: ZVmDetailRequest,
          response: { 200: zEnvelope(ZUpdateVmDetailResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getUpdateVmDetail(
            { db: deps.db, hypervisors: deps.hypervisors },
            actorOf(request, 'customer'),
            request.body.productID,
          ),
        ),
    );

    app.post(
      '/virtualMachine/updateVM',
      {
        config: perAddress(30),
        schema: {
          tags: ['vms'],
          summary: 'Order an update of a machine (comes-from 4)',
          description:
            "RamAndCpu: new ramCount, processorCount, diskCount within the product's limits (the disk only grows); Disk: diskCount is the disk to add (at most two: 409 'A maximum of two Disks can be added to a new Virtual Machine.'). Billed for the changed lines only, for the days left; a totalAmount that is not the server's quote answers 409 with data.quote. A RAM/CPU change of a running machine needs allowsPowerCycle (409 otherwise). One update at a time per machine (409). 403 blocked.",
          body: ZUpdateVmRequest,
          response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        const from = placedFrom(request, customer);
        const placed = await createUpdateOrder(orderDeps, customer, request.body, from);
        return ok(
          toOrderResponse(placed.order, {
            websiteUrl: from.origin,
            countryCode: placed.countryCode,
            customerEmail: customer.customer.email,
            licenceRequired: false,
            start: placed.start,
            vmIds: placed.vmIds,
          }),
          orderMessages.orderCreated,
        );
      },
    );
  };
}
