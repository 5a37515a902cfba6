import { mulDivRound, percentOf, type Minor } from './money';

/** The formulas of vm-lifecycle.md §4 and §9, on integer minor units. */

export const DAYS_PER_PRICED_PERIOD = 30;
export const ZAR_TO_USD_RATE = { numerator: 63, denominator: 1000 } as const; // 1 ZAR = 0.063 USD

export type SpecificationName = 'Memory' | 'Disk' | 'Processor';

type PricedLine = { name: SpecificationName; count: number; costPerUnit: Minor };

/** A line's cost for 30 days: count × cost per unit (§2.1). */
export function lineCost(count: number, costPerUnit: Minor): Minor {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError('count must be a whole number ≥ 0');
  return count * costPerUnit;
}

/** A 30-day cost rescaled to a period of `days` (§4: new days / 30). */
export function costForPeriod(monthlyCost: Minor, days: number): Minor {
  return mulDivRound(monthlyCost, days, DAYS_PER_PRICED_PERIOD);
}

export type Discounts = { ramDiscount: number; diskDiscount: number; cpuDiscount: number }; // basis points

const discountOf = (name: SpecificationName, discounts: Discounts) =>
  name === 'Memory'
    ? discounts.ramDiscount
    : name === 'Disk'
      ? discounts.diskDiscount
      : discounts.cpuDiscount;

/**
 * What the tax is charged on. vm-lifecycle.md §4 taxes the total before the discount (the
 * default); a company may choose to tax the price after the discount instead, as VAT law asks of
 * a South African provider (ADR 015).
 */
export const TAX_BASES = ['beforeDiscount', 'afterDiscount'] as const;
export type TaxBasis = (typeof TAX_BASES)[number];

type VmQuote = {
  lines: { name: SpecificationName; count: number; cost: Minor; discount: Minor }[];
  total: Minor;
  discount: Minor;
  /** The amount the tax is a percentage of: the total, or the total less the discount. */
  taxableAmount: Minor;
  tax: Minor;
  totalPayable: Minor;
};

/**
 * A new VM's bill for a period: each line count × cost per unit rescaled to the period; each
 * line's discount at its own percentage; tax on the total (§4) or, for a company that taxes the
 * discounted price, on the total less the discount; total payable = total − discount + tax.
 */
export function quoteVm(
  lines: PricedLine[],
  days: number,
  taxBasisPoints: number,
  discounts: Discounts,
  taxBasis: TaxBasis,
): VmQuote {
  const priced = lines.map((line) => {
    const cost = costForPeriod(lineCost(line.count, line.costPerUnit), days);
    return {
      name: line.name,
      count: line.count,
      cost,
      discount: percentOf(cost, discountOf(line.name, discounts)),
    };
  });
  const total = priced.reduce((sum, line) => sum + line.cost, 0);
  const discount = priced.reduce((sum, line) => sum + line.discount, 0);
  const taxableAmount = taxBasis === 'afterDiscount' ? total - discount : total;
  const tax = percentOf(taxableAmount, taxBasisPoints);
  return {
    lines: priced,
    total,
    discount,
    taxableAmount,
    tax,
    totalPayable: total - discount + tax,
  };
}

/** Renew arrears of one VM (§9): (cost + tax) / 30 × days extended, when days extended > 0. */
export function renewArrears(cost: Minor, tax: Minor, daysExtended: number): Minor {
  return daysExtended > 0 ? mulDivRound(cost + tax, daysExtended, DAYS_PER_PRICED_PERIOD) : 0;
}

// Backups (clones and snapshots) are priced in vms/backup-pricing.ts (ADR 019).

/** PayPal does not take ZAR (§9): rand cents to US cents at 1 ZAR = 0.063 USD, rounded half up. */
export function zarToUsd(zar: Minor): Minor {
  return mulDivRound(zar, ZAR_TO_USD_RATE.numerator, ZAR_TO_USD_RATE.denominator);
}
