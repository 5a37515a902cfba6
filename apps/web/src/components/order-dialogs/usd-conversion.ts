import type { Quote } from '@cloud-portal/contract/marketplace/configuration-rules';
import { formatMinor, toMinor } from '@cloud-portal/contract/pricing/money';
import { zarToUsd } from '@cloud-portal/contract/pricing/vm-pricing';

/** The bill the PayPal ZAR modal shows (vm-lifecycle.md §9): each figure in USD, 2 decimals. */
type UsdFigures = {
  totalPrice: string;
  discountAmount: string;
  taxAmount: string;
  totalPayable: string;
};

/** One rand amount ("123.45") in US dollars, 2 decimals, half up in cents. */
export function toUsd(amount: string): string {
  return formatMinor(zarToUsd(toMinor(amount)));
}

/**
 * A rand bill in US dollars at 1 ZAR = 0.063 USD, each figure converted on its own in cents
 * (half up), as the server converts the total it charges; never through a float.
 */
export function toUsdFigures(quote: Pick<Quote, keyof UsdFigures>): UsdFigures {
  return {
    totalPrice: toUsd(quote.totalPrice),
    discountAmount: toUsd(quote.discountAmount),
    taxAmount: toUsd(quote.taxAmount),
    totalPayable: toUsd(quote.totalPayable),
  };
}
