import { z } from 'zod';
import { zOrderId } from './get-order-status';

/**
 * POST /api/virtualMachine/resumeOrderPayment and /api/virtualMachine/cancelOrder (not in the
 * spec; customers, own orders only, ADR 016): pay a pending order again from any tab, or cancel
 * it, until it expires. resumeOrderPayment answers CreateOrder's order response (the invoice and
 * where to pay); cancelOrder answers getOrderStatus's.
 */
export const ZPendingOrderRequest = z.object({ orderID: zOrderId });
