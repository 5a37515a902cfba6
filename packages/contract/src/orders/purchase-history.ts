import { z } from 'zod';
import { ZPageQuery, zPage } from '../paging';
import { zAmount } from '../marketplace/catalogue-schemas';

/**
 * A purchase history row (vm-lifecycle.md §3, §2.7). `ID` is the purchase (order) id;
 * `receiptToken` opens its receipt and is null until the purchase is complete.
 */
const ZPurchaseHistoryRow = z.object({
  ID: z.number().int(),
  orderID: z.string(),
  vmName: z.string(),
  bankReference: z.string(),
  transactionID: z.string().nullable(),
  transactionDate: z.string(),
  currencyCode: z.string(),
  totalCost: zAmount,
  paymentMode: z.string().nullable(),
  transactionStatus: z.string(),
  updateID: z.number().int().nullable(),
  isClone: z.union([z.literal(0), z.literal(1)]),
  tempTblID: z.number().int().nullable(),
  receiptToken: z.string().nullable(),
  /** The order kind (comes-from 1–5): its invoice is /purchasedetails/{commingFrom}. */
  commingFrom: z.number().int(),
  /**
   * A pending order that can still be paid or cancelled: until when (ISO 8601); null for any
   * other (a pending order past its time reads Expired).
   */
  payableUntil: z.string().nullable(),
});
export type TPurchaseHistoryRow = z.infer<typeof ZPurchaseHistoryRow>;

export { PURCHASE_HISTORY_PAGE_SIZE } from '../accounts/profile-page-sizes';

/** GET /api/profileSetting/purchaseHistory?page=N (customers): one page, newest first. */
export const ZPurchaseHistoryQuery = ZPageQuery;
export const ZPurchaseHistoryPage = zPage(ZPurchaseHistoryRow);
export type TPurchaseHistoryPage = z.infer<typeof ZPurchaseHistoryPage>;
