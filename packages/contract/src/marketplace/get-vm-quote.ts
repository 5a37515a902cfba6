import { z } from 'zod';
import { zAmount, zCount, zProductId } from './catalogue-schemas';
import { SPECIFICATION_NAMES } from './configuration-rules';
import { TAX_BASES } from '../pricing/vm-pricing';

/**
 * POST /api/marketPlace/getVMQuote (customers): the server's Total Value table for a
 * configuration, computed from the catalogue. `timePeriod` is days, 0 when none is chosen yet
 * (the 30-day price). The spec gives this call no path.
 */
export const ZGetVmQuoteRequest = z.object({
  productID: zProductId,
  memory: zCount,
  disk: zCount,
  processor: zCount,
  timePeriod: z.coerce.number().int().min(0).max(3660).optional().default(0),
});
export type TGetVmQuoteRequest = z.input<typeof ZGetVmQuoteRequest>;

const ZVmQuote = z.object({
  lines: z.array(
    z.object({
      item: z.enum(SPECIFICATION_NAMES),
      size: z.number(),
      unit: z.string(),
      price: zAmount,
      discount: zAmount,
    }),
  ),
  days: z.number().int(),
  totalPrice: zAmount,
  discountAmount: zAmount,
  /** beforeDiscount: tax on totalPrice (vm-lifecycle.md §4); afterDiscount: on totalPrice − discountAmount. */
  taxBasis: z.enum(TAX_BASES),
  taxableAmount: zAmount,
  taxPercent: z.number(),
  taxAmount: zAmount,
  totalPayable: zAmount,
});

export const ZGetVmQuoteResponse = ZVmQuote.extend({ currency: z.string() });
export type TGetVmQuoteResponse = z.infer<typeof ZGetVmQuoteResponse>;
