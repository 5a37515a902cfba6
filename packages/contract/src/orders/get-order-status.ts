import { z } from 'zod';
import { zAmount } from '../marketplace/catalogue-schemas';
import { GATEWAY_NAMES } from './gateways';
import { ORDER_STATUSES, PURCHASE_KINDS } from './order-status';

export const zOrderId = z.string().trim().min(1).max(64);

/** POST /api/virtualMachine/getOrderStatus (not in the spec; customers, own orders only). */
export const ZGetOrderStatusRequest = z.object({ orderID: zOrderId });

export const ZOrderStatusResponse = z.object({
  orderID: z.string(),
  status: z.enum(ORDER_STATUSES),
  gateway: z.enum(GATEWAY_NAMES).nullable(),
  amount: zAmount,
  currencyCode: z.string(),
  message: z.string(),
  commingFrom: z.number().int(),
  /** What the order did (a kind 2 order: clone or snapshot), for the words shown once it is paid. */
  purchaseKind: z.enum(PURCHASE_KINDS),
  productID: z.number().int(),
  vmName: z.string(),
  /** The receipt's token once the order is paid, else null. */
  receiptToken: z.string().nullable(),
  /** The transaction id shown on the success page, once paid. */
  transactionID: z.string().nullable(),
  /**
   * vm-lifecycle.md §7 transactionApi's data: updateID is the update's id (its purchase id) for an
   * update order (comes-from 4), null for any other kind; isClone 1 for a clone or snapshot order.
   * The same values as the order's purchase history row.
   */
  updateID: z.number().int().nullable(),
  isClone: z.union([z.literal(0), z.literal(1)]),
});
export type TOrderStatusResponse = z.infer<typeof ZOrderStatusResponse>;

/**
 * POST /api/virtualMachine/transactionApi (and the per-kind variants): the browser's return
 * fields (§3 payment return fields). The server never trusts them: it asks the gateway for the
 * order's status and answers what it verified.
 */
export const ZTransactionApiRequest = z
  .object({
    TransactionReference: z.string().trim().max(64).optional(),
    orderId: z.string().trim().max(64).optional(),
    orderID: z.string().trim().max(64).optional(),
    OrderMerchantReference: z.string().trim().max(64).optional(),
    OrderTrackingId: z.string().trim().max(100).optional(),
    paymentMode: z.string().trim().max(40).optional(),
    status: z.string().trim().max(40).optional(),
    token: z.string().trim().max(100).optional(),
  })
  .loose();
