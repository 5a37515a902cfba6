/**
 * Money from the wire's 2-decimal strings, always with 2 decimals and never through a float. The
 * marketplace lists prices as portal.md §4 writes them: the rand as "R" with space-grouped
 * thousands ("R 1 234.50"), any other currency by its code with comma-grouped thousands
 * ("KES 1,234.50"). The configuration and saved items show the plain figure after the currency's
 * sign ("R 1234.50", "$ 7.50").
 */

const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
const RAND = 'ZAR';

/** Currencies shown by their sign in `formatAmount`; any other is shown by its code. */
const CURRENCY_SIGNS: Record<string, string> = { ZAR: 'R', USD: '$', EUR: '€', GBP: '£' };

function writeAmount(amount: string, marker: string, thousandsSeparator: string): string {
  const match = AMOUNT.exec(amount.trim());
  if (!match) return `${marker} ${amount}`.trim();
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = whole
    .replace(/^0+(?=\d)/, '')
    .replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  return `${marker} ${sign}${digits}.${fraction.padEnd(2, '0')}`.trim();
}

/** The sign before a listed price, and alone when prices are hidden: "R" for ZAR, else the code. */
export function currencyMarker(currency: string): string {
  const code = currency.trim().toUpperCase();
  return code === RAND ? 'R' : code;
}

/** A listed price: "1234.5" in ZAR → "R 1 234.50"; text that is no amount as it is. */
export function formatPrice(amount: string, currency: string): string {
  const marker = currencyMarker(currency);
  return writeAmount(amount, marker, marker === 'R' ? ' ' : ',');
}

/** A configured or saved amount: "1234.5" in ZAR → "R 1234.50", in USD → "$ 1234.50". */
export function formatAmount(amount: string, currency: string): string {
  const code = currency.trim().toUpperCase();
  return writeAmount(amount, CURRENCY_SIGNS[code] ?? code, '');
}
