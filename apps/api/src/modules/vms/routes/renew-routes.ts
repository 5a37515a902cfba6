import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import {
  ZGetVmDataForMultipleRenewRequest,
  ZGetVmDataForMultipleRenewResponse,
  ZGetVmDetailForRenewRequest,
  ZGetVmDetailForRenewResponse,
  ZRenewSelectedVmRequest,
  ZRenewVmRequest,
} from '@cloud-portal/contract/vms/renew-vm';
import type { AppDeps } from '../../../app-deps';
import { errorResponses, ok } from '../../../http/envelope';
import { perAddress } from '../../../http/rate-limits';
import { actorOf, requireActor, type CustomerActor } from '../../../http/request-context';
import type { OrderDeps, PlacedOrder } from '../../orders/place-order';
import { placedFrom, type PlacedFrom } from '../../orders/order-request';
import { toOrderResponse } from '../../orders/serializers';
import { createMultiRenewOrder, getVmDataForMultipleRenew } from '../orders/multi-renew';
import { createRenewOrder, getVmDetailForRenew } from '../orders/renew-vm';

const ORDER_ERRORS =
  "404 for a VM that is not yours; 403 'This VM is blocked by admin, so you are not able to renew the VM.'; 409 when a VM is not running, shut off, expired or archived, when it already has a renewal in progress, or when totalAmount is not the server's quote (data.quote); 422 when its product is no longer offered, the gateway cannot take payment or a PayPal ZAR charge was not confirmed in USD.";

/** vm-lifecycle.md §2.2 and §2.4 renewals (comes-from 3 and 5; ADR 018): customers only. */
export function renewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const orderDeps: OrderDeps = {
    db: deps.db,
    jobs: deps.jobs,
    credentialsKey: deps.credentialsKey,
    gatewayHttp: deps.gatewayHttp,
    orderExpiryMs: deps.config.orderExpiryMs,
  };
  return async (app) => {
    app.addHook('preValidation', requireActor('customer'));
    const respond = (
      customer: CustomerActor,
      from: PlacedFrom,
      {
        placed,
        daysExtended,
        countryCode,
      }: { placed: PlacedOrder; daysExtended: number; countryCode: string },
    ) =>
      ok(
        toOrderResponse(placed.order, {
          websiteUrl: from.origin,
          countryCode,
          customerEmail: customer.customer.email,
          licenceRequired: false,
          start: placed.start,
          vmIds: placed.vmIds,
          daysExtended,
        }),
        orderMessages.orderCreated,
      );

    app.post(
      '/virtualMachine/getVMDetailForRenew',
      {
        schema: {
          tags: ['renewals'],
          summary:
            'A VM of yours as renewed: its sizes, its product’s terms and the bill per period',
          description:
            "productID is the VM's id. `quotes` holds the server's bill for each TimePeriod option (same order): price for the period, tax, arrears for the days since an end date that has passed, total payable. 404 for a VM that is not yours, 403 for a blocked VM, 409 when it cannot be renewed in its state, 422 when its product is no longer offered.",
          body: ZGetVmDetailForRenewRequest,
          response: { 200: zEnvelope(ZGetVmDetailForRenewResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getVmDetailForRenew(
            deps.db,
            actorOf(request, 'customer'),
            request.body.productID,
            new Date(),
          ),
        ),
    );

    app.post(
      '/virtualMachine/renewVM',
      {
        config: perAddress(30),
        schema: {
          tags: ['renewals'],
          summary: 'Create a renewal order for one VM (comes-from 3) and prepare its payment',
          description: `The server re-prices the renewal from the VM's current sizes. ${ORDER_ERRORS}`,
          body: ZRenewVmRequest,
          response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        const from = placedFrom(request, customer);
        return respond(
          customer,
          from,
          await createRenewOrder(orderDeps, customer, request.body, { ...from, now: new Date() }),
        );
      },
    );

    app.post(
      '/virtualMachine/getVMDataForMultipleRenew',
      {
        schema: {
          tags: ['renewals'],
          summary:
            'Several VMs of yours as renewed together, each for its own period, and the bill',
          description:
            'renewVMData: 1–20 distinct VM ids. 404 when any is not yours, 403 when any is blocked, 409 when any cannot be renewed in its state, 422 when they are priced in different currencies or a product is no longer offered. paymentGateway lists the gateways every VM’s product offers.',
          body: ZGetVmDataForMultipleRenewRequest,
          response: { 200: zEnvelope(ZGetVmDataForMultipleRenewResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getVmDataForMultipleRenew(
            deps.db,
            actorOf(request, 'customer'),
            request.body.renewVMData,
            new Date(),
          ),
        ),
    );

    app.post(
      '/virtualMachine/renewSelectedVM',
      {
        config: perAddress(30),
        schema: {
          tags: ['renewals'],
          summary:
            'Create one renewal order for several VMs (comes-from 5) and prepare its payment',
          description: `One order, one target per VM; total = Σ price + Σ tax + Σ arrears. ${ORDER_ERRORS}`,
          body: ZRenewSelectedVmRequest,
          response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        const from = placedFrom(request, customer);
        return respond(
          customer,
          from,
          await createMultiRenewOrder(orderDeps, customer, request.body, {
            ...from,
            now: new Date(),
          }),
        );
      },
    );
  };
}
