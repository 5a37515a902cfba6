import type { UpdateQuote } from '@cloud-portal/contract/vms/update-pricing';
import type { BillColumn, BillLine, BillSummaryRow } from './bill-table';
import type { BillLabels } from './bill-labels';
import type { UsdBill } from '@/components/order-dialogs/usd-conversion-modal';

/**
 * §2.3: the update bill lists only the lines whose size changes (Item, Available Size, Updated
 * Size, Price), then Total Price, Tax(percent), Total Payable Amount.
 */
export function updateBill(
  quote: UpdateQuote,
  labels: BillLabels,
): {
  columns: BillColumn[];
  lines: BillLine[];
  summary: BillSummaryRow[];
  convertible: UsdBill;
} {
  return {
    columns: [
      { key: 'item', label: labels.item },
      { key: 'available', label: labels.availableSize },
      { key: 'updated', label: labels.updatedSize },
      { key: 'price', label: labels.price, isAmount: true },
    ],
    lines: quote.lines.map((line) => ({
      key: line.item.toLowerCase(),
      cells: {
        item: labels.specification(line.item),
        available: `${line.availableSize} ${line.unit}`,
        updated: `${line.updatedSize} ${line.unit}`,
        price: line.price,
      },
    })),
    summary: [
      { key: 'total-price', label: labels.totalPrice, amount: quote.totalPrice },
      { key: 'tax', label: labels.tax(quote.taxPercent), amount: quote.taxAmount },
      {
        key: 'total-payable',
        label: labels.totalPayable,
        amount: quote.totalPayable,
        isStrong: true,
      },
    ],
    convertible: {
      totalPrice: quote.totalPrice,
      discountAmount: '0.00',
      taxPercent: quote.taxPercent,
      taxAmount: quote.taxAmount,
      totalPayable: quote.totalPayable,
    },
  };
}
