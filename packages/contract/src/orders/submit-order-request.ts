import { z } from 'zod';
import { zOrderId } from './get-order-status';

/**
 * POST /api/virtualMachine/submitOrderRequest (customers): PesaPal's order for a pending order.
 * The spec's callback_url, bankReference and method are accepted and ignored: the server builds
 * its own return address (never one the browser names).
 */
export const ZSubmitOrderRequest = z.object({
  orderID: zOrderId,
  callback_url: z.string().max(500).optional(),
  bankReference: z.string().max(40).optional(),
  method: z.enum(['newOrRenewVM', 'updateVM']).optional(),
});
export const ZSubmitOrderResponse = z.object({
  redirect_url: z.string(),
  order_tracking_id: z.string(),
  merchant_reference: z.string(),
});
export type TSubmitOrderResponse = z.infer<typeof ZSubmitOrderResponse>;
