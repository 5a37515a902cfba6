import {
  backupChoiceErrors,
  quoteBackup,
  type BackupChoice,
  type BackupDurationType,
  type BackupKind,
  type BackupPricing,
  type BackupQuote,
} from '@cloud-portal/contract/vms/backup-pricing';
import type { BillSummaryRow } from './bill-table';
import type { BillLabels } from './bill-labels';
import type { UsdBill } from '@/components/order-dialogs/usd-conversion-modal';

const ZERO = '0.00';

/**
 * The amounts of a clone or snapshot choice (§9), computed as the server computes them; null
 * while the duration is not valid (none, or too long). A clone and a snapshot cost the same, so
 * the bill shows before the type is chosen; the quote then names the type asked for, or Clone.
 */
export function quoteBackupChoice(
  pricing: BackupPricing,
  choice: BackupChoice,
): BackupQuote | null {
  if (backupChoiceErrors(choice).some((error) => error.field === 'cloneDuration')) return null;
  return quoteBackup(pricing, {
    cloneDuration: choice.cloneDuration,
    cloneDurationType: choice.cloneDurationType as BackupDurationType,
    cloneOptionType: (choice.cloneOptionType || 'Clone') as BackupKind,
  });
}

/** §2.2: the clone / snapshot bill: Total Price, Tax(percent), Total Payable Amount. */
export function backupBill(
  quote: BackupQuote | null,
  taxPercent: number,
  labels: BillLabels,
): { summary: BillSummaryRow[]; convertible: UsdBill } {
  const totalPrice = quote?.totalPrice ?? ZERO;
  const taxAmount = quote?.taxAmount ?? ZERO;
  const totalPayable = quote?.totalPayable ?? ZERO;
  return {
    summary: [
      { key: 'total-price', label: labels.totalPrice, amount: totalPrice },
      { key: 'tax', label: labels.tax(taxPercent), amount: taxAmount },
      { key: 'total-payable', label: labels.totalPayable, amount: totalPayable, isStrong: true },
    ],
    convertible: { totalPrice, discountAmount: ZERO, taxPercent, taxAmount, totalPayable },
  };
}
