/**
 * The one way the portal writes money (ADR 013): the currency's symbol as the company shows it
 * ("R" for the rand, as portal.md §4 writes it; every other currency by its ISO code, so the
 * Namibian and US dollar never share a "$"), then the amount grouped and pointed as the page's
 * language writes numbers (Intl.NumberFormat), always with 2 decimals. Amounts arrive as the
 * wire's 2-decimal strings and are formatted as strings, never through a float.
 *
 * English and Korean write amounts alike, and are written here by hand: the first
 * Intl.NumberFormat a page makes loads the browser's number data, about 20 ms of a phone's main
 * thread in the task that hydrates a priced page (issue 12). format-amount.test.ts checks the
 * output against Intl's for both; any other language goes through Intl.
 */

const AMOUNT = /^-?\d+(?:\.\d{1,2})?$/;

/** Currencies the company writes with a sign of its own; any other is written by its code. */
const CURRENCY_SYMBOLS: Record<string, string> = { ZAR: 'R' };

/** What Intl takes as a currency code: three letters, any of them (it knows no list). */
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Languages whose amounts are written as "-R 1,234.50": both of the portal's. */
const HAND_WRITTEN_LANGUAGES = new Set(['en', 'ko']);

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: string, code: string): Intl.NumberFormat {
  const key = `${language}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: code,
      // The code marks where the locale puts the currency; the symbol replaces it below.
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function toCurrencyCode(currency: string): string {
  return currency.trim().toUpperCase();
}

/** The sign written before an amount, and alone where a visitor sees no price: "R", "KES". */
export function currencySymbol(currency: string): string {
  const code = toCurrencyCode(currency);
  return CURRENCY_SYMBOLS[code] ?? code;
}

/**
 * "1234.5" in ZAR → "R 1,234.50" (English and Korean alike); "1596" in KES → "KES 1,596.00".
 * Text that is not an amount, or a currency Intl does not know, is written plainly after the
 * symbol.
 */
export function formatAmount(amount: string, currency: string, language: string): string {
  const text = amount.trim();
  const symbol = currencySymbol(currency);
  if (!AMOUNT.test(text)) return `${symbol} ${text}`.trim();
  if (HAND_WRITTEN_LANGUAGES.has(language) && CURRENCY_CODE.test(toCurrencyCode(currency)))
    return writeAmount(text, symbol);
  let formatter: Intl.NumberFormat;
  try {
    formatter = formatterFor(language, toCurrencyCode(currency));
  } catch {
    return `${symbol} ${text}`.trim();
  }
  return formatter
    .formatToParts(text as Intl.StringNumericLiteral)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/** An AMOUNT as English and Korean write it: sign, symbol, no-break space, grouped, 2 decimals. */
function writeAmount(text: string, symbol: string): string {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}\u00a0${grouped}.${fraction.padEnd(2, '0')}`;
}
