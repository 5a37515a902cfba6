import { describe, expect, it } from 'vitest';
import { currencySymbol, formatAmount } from './format-amount';

/** Intl puts a no-break space between the symbol and the figure; the tests read it as a space. */
const format = (amount: string, currency: string, language = 'en') =>
  formatAmount(amount, currency, language).replace(/\u00a0/g, ' ');

describe('currencySymbol', () => {
  it('writes the rand as R and any other currency by its code', () => {
    expect(currencySymbol('ZAR')).toBe('R');
    expect(currencySymbol(' zar ')).toBe('R');
    expect(currencySymbol('KES')).toBe('KES');
    expect(currencySymbol('usd')).toBe('USD');
  });
});

describe('formatAmount', () => {
  it('writes every currency one way: symbol, comma-grouped thousands, two decimals', () => {
    expect(format('1815.00', 'ZAR')).toBe('R 1,815.00');
    expect(format('1596.00', 'KES')).toBe('KES 1,596.00');
    expect(format('15191.3', 'ZAR')).toBe('R 15,191.30');
    expect(format('1234567.05', 'USD')).toBe('USD 1,234,567.05');
    expect(format('999.99', 'ZAR')).toBe('R 999.99');
  });

  it('writes the same figure in Korean', () => {
    expect(format('15191.30', 'ZAR', 'ko')).toBe('R 15,191.30');
    expect(format('1596', 'KES', 'ko')).toBe('KES 1,596.00');
  });

  it('follows the language for grouping and the decimal sign', () => {
    expect(format('1234.5', 'ZAR', 'de')).toBe('1.234,50 R');
  });

  it('always writes two decimals', () => {
    expect(format('12', 'ZAR')).toBe('R 12.00');
    expect(format('12.5', 'ZAR')).toBe('R 12.50');
    expect(format('0.00', 'ZAR')).toBe('R 0.00');
    expect(format('007.10', 'KES')).toBe('KES 7.10');
    // Korean won has no minor unit, but the wire's amounts carry cents: they are kept.
    expect(format('1500.25', 'KRW')).toBe('KRW 1,500.25');
  });

  it('keeps the sign of a negative amount', () => {
    expect(format('-1500.00', 'ZAR')).toBe('-R 1,500.00');
  });

  it('never rounds through floating point', () => {
    expect(format('90071992547409.93', 'USD')).toBe('USD 90,071,992,547,409.93');
    expect(format('0.07', 'ZAR')).toBe('R 0.07');
  });

  it('writes text that is no amount, or an unknown currency, plainly', () => {
    expect(format('n/a', 'ZAR')).toBe('R n/a');
    expect(format('12.345', 'ZAR')).toBe('R 12.345');
    expect(format('12.50', 'R')).toBe('R 12.50');
  });

  it.each(['en', 'ko'])(
    "writes %s amounts exactly as Intl's currency format, symbol aside",
    (language) => {
      const amounts = ['0', '0.00', '-0.00', '-0', '5', '0.5', '007.10', '-1500', '999.99'];
      for (let digits = 1; digits <= 16; digits++) {
        const whole = '9876543210123456'.slice(0, digits);
        amounts.push(whole, `${whole}.0`, `${whole}.05`, `-${whole}.5`);
      }
      for (const currency of ['KES', 'USD', 'KRW', 'XYZ', 'ZAR']) {
        const intl = new Intl.NumberFormat(language, {
          style: 'currency',
          currency,
          currencyDisplay: 'code',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        for (const amount of amounts) {
          const expected = intl
            .formatToParts(amount as Intl.StringNumericLiteral)
            .map((part) => (part.type === 'currency' ? currencySymbol(currency) : part.value))
            .join('');
          expect(formatAmount(amount, currency, language), `${amount} ${currency}`).toBe(expected);
        }
      }
    },
  );
});
