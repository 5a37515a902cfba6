import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZCreateOrderRequest, ZOrderResponse } from '@cloud-portal/contract/orders/create-order';
import {
  ZGetOrderStatusRequest,
  ZOrderStatusResponse,
  ZTransactionApiRequest,
} from '@cloud-portal/contract/orders/get-order-status';
import { PESAPAL_GATEWAY } from '@cloud-portal/contract/orders/gateways';
import { ZPendingOrderRequest } from '@cloud-portal/contract/orders/pending-orders';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import {
  MAX_LICENCE_BYTES,
  ZUploadCustomerLicenseFields,
} from '@cloud-portal/contract/orders/upload-customer-license';
import {
  ZSubmitOrderRequest,
  ZSubmitOrderResponse,
} from '@cloud-portal/contract/orders/submit-order-request';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { acceptingUploads, readFormWithFile } from '../../http/multipart-uploads';
import { actorOf, requireActor, type CustomerActor } from '../../http/request-context';
import { siteOrigin } from '../../tenancy/request-origin';
import type { OrderRow } from '../../db/schema/orders';
import type { PaymentStart } from '../../payments/gateway';
import { confirmOwnOrderPayment } from './confirm-payment';
import { createNewPurchaseOrder, type OrderDeps } from './create-order';
import { findOwnOrder } from './order-access';
import { placedFrom } from './order-request';
import { getOrderStatus } from './order-status';
import { cancelOwnOrder, resumeOrderPayment } from './pending-order';
import { toOrderResponse } from './serializers';
import { startOrderPayment } from './start-payment';
import { attachLicence } from './upload-licence';

/** vm-lifecycle.md §7: transactionApi and its per-kind names. */
const TRANSACTION_API_PATHS = [
  '/virtualMachine/transactionApi',
  '/virtualMachine/transactionApiForCloneVM',
  '/virtualMachine/transactionApiForSnapshotVM',
  '/virtualMachine/transactionApiForRenewVm',
  '/virtualMachine/transactionApiForMultipleRenew',
  '/virtualMachine/transactionApiForUpdateVm',
] as const;

/** vm-lifecycle.md §7: PesaPal's order for a pending order, under both of the spec's names. */
const SUBMIT_ORDER_REQUEST_PATHS = [
  '/virtualMachine/submitOrderRequest',
  '/virtualMachine/submitPesaPalUpdateRequest',
] as const;

/** The purchase calls of vm-lifecycle.md §7 (new purchases) and getOrderStatus: customers only. */
export function orderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
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
      origin: string,
      order: OrderRow,
      start: PaymentStart | null,
      countryCode = 'ZA',
      targets: { vmIds?: number[]; daysExtended?: number } = {},
    ) =>
      toOrderResponse(order, {
        websiteUrl: origin,
        countryCode,
        customerEmail: customer.customer.email,
        licenceRequired: order.requiresLicence,
        start,
        ...targets,
      });

    app.post(
      '/virtualMachine/CreateOrder',
      {
        config: perAddress(30),
        schema: {
          tags: ['orders'],
          summary: 'Create a new-purchase order (comes-from 1) and prepare its payment',
          description:
            "The server re-prices the configuration: a totalAmount that is not its quote answers 409 'The price has changed…' with data.quote. 422 when the gateway is not offered, no gateway can take payments, or a PayPal ZAR order was not confirmed in USD (convertToUsd). The answer carries redirect_url or a signed form (never a key or hash key); for a licence product they come from uploadCustomerLicense, for PesaPal from submitOrderRequest; byPassflag 1 answers an order already paid.",
          body: ZCreateOrderRequest,
          response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        const from = placedFrom(request, customer);
        const created = await createNewPurchaseOrder(orderDeps, customer, request.body, from);
        return ok(
          respond(customer, from.origin, created.order, created.start, created.countryCode),
          orderMessages.orderCreated,
        );
      },
    );

    app.post(
      '/virtualMachine/getOrderStatus',
      {
        schema: {
          tags: ['orders'],
          summary: "An order's status as the server has verified it (yours only; 404 otherwise)",
          body: ZGetOrderStatusRequest,
          response: { 200: zEnvelope(ZOrderStatusResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(await getOrderStatus(deps.db, actorOf(request, 'customer'), request.body.orderID)),
    );

    app.post(
      '/virtualMachine/resumeOrderPayment',
      {
        config: perAddress(30),
        schema: {
          tags: ['orders'],
          summary: 'Pay a pending order again (from Purchase History or another tab)',
          description:
            "The customer's own pending order (404 otherwise) with its payment started again at its gateway: the same answer as CreateOrder (the invoice, redirect_url or a signed form; none while a licence is still to come, nor for PesaPal, whose order is made by submitOrderRequest). 409 'This order is already paid', 'This order has expired…' (also for a pending order past ORDER_EXPIRY_MINUTES, which is expired then), or 'This order can no longer be paid' (failed, cancelled). 503 when the gateway is down; the order stays pending.",
          body: ZPendingOrderRequest,
          response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
        },
      },
      async (request) => {
        const customer = actorOf(request, 'customer');
        const origin = siteOrigin(request, customer.company);
        const resumed = await resumeOrderPayment(orderDeps, customer, request.body.orderID, origin);
        return ok(
          respond(customer, origin, resumed.order, resumed.start, 'ZA', {
            vmIds: resumed.vmIds,
            daysExtended: resumed.daysExtended,
          }),
        );
      },
    );

    app.post(
      '/virtualMachine/cancelOrder',
      {
        config: perAddress(30),
        schema: {
          tags: ['orders'],
          summary: 'Cancel a pending order',
          description:
            "The customer's own pending, unexpired order becomes cancelled (one conditional statement; 404 for anyone else's). 409 when it is already paid, expired, failed or cancelled. A verified payment that arrives after the cancel still settles the order (ADR 016): the answer then, and getOrderStatus later, say paid.",
          body: ZPendingOrderRequest,
          response: { 200: zEnvelope(ZOrderStatusResponse), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await cancelOwnOrder(deps.db, actorOf(request, 'customer'), request.body.orderID),
          orderMessages.orderCancelled,
        ),
    );

    // transactionApi completes a new purchase; the spec names one call per later kind. They are
    // one call: the order's reference says what it is, and the gateway's answer settles it.
    for (const path of TRANSACTION_API_PATHS) {
      app.post(
        path,
        {
          config: perAddress(60),
          schema: {
            tags: ['orders'],
            summary:
              'Back from the gateway: the server asks the gateway and answers what it verified',
            description:
              'The return fields are hints (ids to ask about), never a verdict: the order is settled only by the gateway’s verified answer. A gateway that cannot be reached leaves it pending and is asked again in the background. Every transactionApi* path behaves the same for any order kind.',
            body: ZTransactionApiRequest,
            response: { 200: zEnvelope(ZOrderStatusResponse), ...errorResponses },
          },
        },
        async (request) => {
          const body = request.body as Record<string, unknown>;
          const hint = Object.fromEntries(
            Object.entries(body).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          );
          const reference =
            hint.orderID ||
            hint.orderId ||
            hint.TransactionReference ||
            hint.OrderMerchantReference;
          if (!reference) throw new AppError(404, orderMessages.orderNotFound);
          return ok(
            await confirmOwnOrderPayment(orderDeps, actorOf(request, 'customer'), reference, hint),
          );
        },
      );
    }

    // vm-lifecycle.md §7 names submitPesaPalUpdateRequest for an update's PesaPal order and
    // submitOrderRequest for the others; the order's reference says which it is, so both are one call.
    for (const path of SUBMIT_ORDER_REQUEST_PATHS) {
      app.post(
        path,
        {
          config: perAddress(30),
          schema: {
            tags: ['orders'],
            summary:
              "PesaPal: create the gateway's order for a pending order and answer its redirect",
            description:
              'Any pending PesaPal order of yours, of any kind: submitOrderRequest and submitPesaPalUpdateRequest are the same call. 409 when the order is not a PesaPal one or still needs its licence.',
            body: ZSubmitOrderRequest,
            response: { 200: zEnvelope(ZSubmitOrderResponse), ...errorResponses },
          },
        },
        async (request) => {
          const customer = actorOf(request, 'customer');
          const order = await findOwnOrder(deps.db, customer, request.body.orderID);
          if (order.gateway !== PESAPAL_GATEWAY)
            throw new AppError(409, orderMessages.gatewayNotOffered);
          if (order.requiresLicence && !order.licencePath)
            throw new AppError(409, orderMessages.licenceRequired);
          const start = await startOrderPayment(
            orderDeps,
            order,
            siteOrigin(request, customer.company),
          );
          if (start.kind !== 'redirect') throw new AppError(502, orderMessages.gatewayUnavailable);
          return ok({
            redirect_url: start.url,
            order_tracking_id: start.gatewayOrderId ?? '',
            merchant_reference: order.reference,
          });
        },
      );
    }

    await app.register(
      acceptingUploads(async (uploads) => {
        uploads.post(
          '/virtualMachine/uploadCustomerLicense',
          {
            config: perAddress(10),
            schema: {
              tags: ['orders'],
              summary: "Attach the customer's Microsoft licence PDF (≤ 20 MB) to a pending order",
              description:
                'multipart/form-data: orderID, vmName and the PDF as `image`. Answers the order response with its redirect_url or form (PesaPal: call submitOrderRequest next).',
              consumes: ['multipart/form-data'],
              response: { 200: zEnvelope(ZOrderResponse), ...errorResponses },
            },
          },
          async (request) => {
            const { fields, file: pdf } = await readFormWithFile(request, {
              schema: ZUploadCustomerLicenseFields,
              fileField: 'image',
              notMultipartMessage: 'Send the licence as multipart/form-data',
              tooLargeMessage: orderMessages.licenceTooLarge,
              limits: { fileSize: MAX_LICENCE_BYTES, fields: 5 },
            });
            if (!pdf)
              throw new AppError(400, orderMessages.licenceRequired, {
                errors: [{ field: 'image', message: orderMessages.licenceRequired }],
              });
            const customer = actorOf(request, 'customer');
            const origin = siteOrigin(request, customer.company);
            const order = await attachLicence(
              { db: deps.db, dataDir: deps.config.dataDir },
              customer,
              fields.orderID,
              pdf,
            );
            const start =
              order.gateway === PESAPAL_GATEWAY
                ? null
                : await startOrderPayment(orderDeps, order, origin);
            return ok(respond(customer, origin, order, start));
          },
        );
      }),
    );
  };
}
