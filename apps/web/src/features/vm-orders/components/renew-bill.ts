import type { TMultiRenewQuote, TRenewQuote } from '@cloud-portal/contract/vms/renew-vm';
import type { BillColumn, BillLine, BillSummaryRow } from './bill-table';
import type { BillLabels } from './bill-labels';
import type { ExtraBillRow, UsdBill } from '@/components/order-dialogs/usd-conversion-modal';

type ScreenBill = {
  columns: BillColumn[];
  lines: BillLine[];
  summary: BillSummaryRow[];
  /** The figures the PayPal ZAR dialog converts, and the lines it adds (arrears). */
  convertible: UsdBill;
  extraRows: ExtraBillRow[];
};

const ZERO = '0.00';

/** The renewal summary shared by one machine and several (§2.2, §2.4). */
function renewalSummary(
  figures: Pick<
    TRenewQuote,
    'totalPrice' | 'taxAmount' | 'daysExtended' | 'arrears' | 'totalPayable'
  >,
  taxPercent: number,
  labels: BillLabels,
): Pick<ScreenBill, 'summary' | 'convertible' | 'extraRows'> {
  const arrears = {
    key: 'arrears',
    label: labels.arrears(figures.daysExtended),
    amount: figures.arrears,
  };
  return {
    summary: [
      { key: 'total-price', label: labels.totalPrice, amount: figures.totalPrice },
      { key: 'tax', label: labels.tax(taxPercent), amount: figures.taxAmount },
      arrears,
      {
        key: 'total-payable',
        label: labels.totalPayable,
        amount: figures.totalPayable,
        isStrong: true,
      },
    ],
    convertible: {
      totalPrice: figures.totalPrice,
      discountAmount: ZERO,
      taxPercent,
      taxAmount: figures.taxAmount,
      totalPayable: figures.totalPayable,
    },
    extraRows: figures.arrears === ZERO ? [] : [arrears],
  };
}

/**
 * The renew screen's bill (§2.2): items (Item, Size, Price) of the chosen period, then Total
 * Price, Tax(percent), "Arrears for N Days" and Total Payable Amount. No period chosen: no items,
 * every amount 0.00.
 */
export function renewBill(
  quote: TRenewQuote | null,
  taxPercent: number,
  labels: BillLabels,
): ScreenBill {
  const columns: BillColumn[] = [
    { key: 'item', label: labels.item },
    { key: 'size', label: labels.size },
    { key: 'price', label: labels.price, isAmount: true },
  ];
  const lines: BillLine[] = (quote?.lines ?? []).map((line) => ({
    key: line.item.toLowerCase(),
    cells: {
      item: labels.specification(line.item),
      size: `${line.size} ${line.unit}`,
      price: line.price,
    },
  }));
  const figures = quote ?? {
    totalPrice: ZERO,
    taxAmount: ZERO,
    daysExtended: 0,
    arrears: ZERO,
    totalPayable: ZERO,
  };
  return { columns, lines, ...renewalSummary(figures, quote?.taxPercent ?? taxPercent, labels) };
}

/**
 * The multi-renew bill (§2.4): Total Price, Tax(percent), "Arrears for N Days", Total Payable
 * Amount. `taxPercent` is null when the machines are taxed at different percents: the row then
 * names no percent.
 */
export function multiRenewBill(
  quote: TMultiRenewQuote,
  taxPercent: number | null,
  labels: BillLabels & { mixedTax: string },
): Omit<ScreenBill, 'columns' | 'lines'> {
  const bill = renewalSummary(quote, taxPercent ?? 0, labels);
  if (taxPercent !== null) return bill;
  return {
    ...bill,
    summary: bill.summary.map((row) =>
      row.key === 'tax' ? { ...row, label: labels.mixedTax } : row,
    ),
  };
}
