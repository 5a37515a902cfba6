import { formatMinor, percentOf, type Minor } from '../pricing/money';
import {
  costForPeriod,
  lineCost,
  renewArrears,
  type SpecificationName,
} from '../pricing/vm-pricing';

/**
 * What renewing a machine costs (vm-lifecycle.md §9 "Renew", ADR 018), on integer minor units.
 * Zod-free and pure: the server prices renewals with it and the browser may show the same bill.
 *
 * - price: each line (the machine's CURRENT count × its product's cost per unit) scaled to the
 *   period (days / 30), summed; no discount on renewals (the spec's renew bill has none);
 * - tax: the price × the product's tax percent;
 * - arrears, when the machine's end date has passed: (30-day price + its tax) / 30 × days
 *   extended, the 30-day price being the same lines for 30 days;
 * - total payable = price + tax + arrears; several machines add up (§2.4).
 */

const MS_PER_DAY = 86_400_000;

/** The whole days since `endsAt` when it has passed (0 otherwise, and 0 without an end date). */
export function daysExtendedSince(endsAt: Date | string | null, now: Date): number {
  if (endsAt === null) return 0;
  const end = typeof endsAt === 'string' ? new Date(endsAt) : endsAt;
  const elapsed = now.getTime() - end.getTime();
  return elapsed > 0 ? Math.floor(elapsed / MS_PER_DAY) : 0;
}

/** One line of a machine as renewed: its current size and its product's cost per unit. */
type RenewLine = {
  name: SpecificationName;
  count: number;
  unit: string;
  costPerUnit: Minor;
};

/** What a machine's renewal bill depends on. */
export type RenewBasis = {
  lines: RenewLine[];
  taxBasisPoints: number;
  daysExtended: number;
};

export type RenewalAmounts = {
  days: number;
  lines: { name: SpecificationName; count: number; unit: string; cost: Minor }[];
  price: Minor;
  tax: Minor;
  /** The 30-day price of the configuration and its tax: what the arrears are charged on. */
  monthlyPrice: Minor;
  monthlyTax: Minor;
  daysExtended: number;
  arrears: Minor;
  totalPayable: Minor;
};

/** One machine renewed for `days` (≥ 1). */
export function quoteVmRenewal(basis: RenewBasis, days: number): RenewalAmounts {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a whole number ≥ 1');
  if (!Number.isInteger(basis.daysExtended) || basis.daysExtended < 0)
    throw new RangeError('daysExtended must be a whole number ≥ 0');
  const lines = basis.lines.map((line) => ({
    name: line.name,
    count: line.count,
    unit: line.unit,
    cost: costForPeriod(lineCost(line.count, line.costPerUnit), days),
  }));
  const price = lines.reduce((sum, line) => sum + line.cost, 0);
  const tax = percentOf(price, basis.taxBasisPoints);
  const monthlyPrice = basis.lines.reduce(
    (sum, line) => sum + lineCost(line.count, line.costPerUnit),
    0,
  );
  const monthlyTax = percentOf(monthlyPrice, basis.taxBasisPoints);
  const arrears = renewArrears(monthlyPrice, monthlyTax, basis.daysExtended);
  return {
    days,
    lines,
    price,
    tax,
    monthlyPrice,
    monthlyTax,
    daysExtended: basis.daysExtended,
    arrears,
    totalPayable: price + tax + arrears,
  };
}

export type MultiRenewalAmounts = {
  price: Minor;
  tax: Minor;
  arrears: Minor;
  /** The largest of the machines' days extended: the bill's "Arrears for N Days". */
  daysExtended: number;
  totalPayable: Minor;
};

/** Several machines renewed together (§2.4): Σ price + Σ tax + Σ arrears. */
export function sumRenewals(renewals: readonly RenewalAmounts[]): MultiRenewalAmounts {
  const sum = (pick: (renewal: RenewalAmounts) => Minor) =>
    renewals.reduce((total, renewal) => total + pick(renewal), 0);
  return {
    price: sum((renewal) => renewal.price),
    tax: sum((renewal) => renewal.tax),
    arrears: sum((renewal) => renewal.arrears),
    daysExtended: renewals.reduce((max, renewal) => Math.max(max, renewal.daysExtended), 0),
    totalPayable: sum((renewal) => renewal.totalPayable),
  };
}

/** A machine's renewal bill as the wire carries it (amounts as 2-decimal strings). */
type RenewQuote = {
  /** The renewal period in days. */
  days: number;
  lines: { item: SpecificationName; size: number; unit: string; price: string }[];
  totalPrice: string;
  taxPercent: number;
  taxAmount: string;
  /** The 30-day price of the machine's configuration (vm_Cost) and the arrears charged on it. */
  monthlyPrice: string;
  daysExtended: number;
  arrears: string;
  totalPayable: string;
};

/** `quoteVmRenewal`'s answer for the wire; `taxPercent` as the product gives it (15, 7.5). */
export function toRenewQuote(amounts: RenewalAmounts, taxPercent: number): RenewQuote {
  return {
    days: amounts.days,
    lines: amounts.lines.map((line) => ({
      item: line.name,
      size: line.count,
      unit: line.unit,
      price: formatMinor(line.cost),
    })),
    totalPrice: formatMinor(amounts.price),
    taxPercent,
    taxAmount: formatMinor(amounts.tax),
    monthlyPrice: formatMinor(amounts.monthlyPrice),
    daysExtended: amounts.daysExtended,
    arrears: formatMinor(amounts.arrears),
    totalPayable: formatMinor(amounts.totalPayable),
  };
}
