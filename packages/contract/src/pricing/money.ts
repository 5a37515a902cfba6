/**
 * Money is an integer number of minor units (cents) everywhere inside the code; it becomes a
 * 2-decimal string only at the edge (vm-lifecycle.md §9: amounts shown with 2 decimals).
 */
export type Minor = number;

/** `a × numerator / denominator`, rounded half up, in exact integer arithmetic (non-negative inputs). */
export function mulDivRound(amount: Minor, numerator: number, denominator: number): Minor {
  if (
    !Number.isInteger(amount) ||
    !Number.isInteger(numerator) ||
    !Number.isInteger(denominator) ||
    denominator <= 0
  ) {
    throw new RangeError('mulDivRound takes integers and a positive denominator');
  }
  if (amount < 0 || numerator < 0) throw new RangeError('mulDivRound takes non-negative amounts');
  const product = amount * numerator;
  if (!Number.isSafeInteger(product)) throw new RangeError('amount too large');
  return Math.floor((product + Math.floor(denominator / 2)) / denominator);
}

/** A percentage given in basis points (1500 = 15 %) of an amount, rounded half up to the cent. */
export function percentOf(amount: Minor, basisPoints: number): Minor {
  return mulDivRound(amount, basisPoints, 10_000);
}

/** 12345 → "123.45" (and -5 → "-0.05"). */
export function formatMinor(amount: Minor): string {
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** "123.45", "123.4", "123" or 123.45 → 12345; anything else throws. */
export function toMinor(value: string | number): Minor {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Percent written as the spec gives it (15, 7.5) → basis points (1500, 750). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
