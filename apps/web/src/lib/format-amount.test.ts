import { describe, expect, it } from 'vitest';
import { currencyMarker, formatAmount, formatPrice } from './format-amount';

describe('currencyMarker', () => {
  it('shows the rand as R and any other currency by its code', () => {
    expect(currencyMarker('ZAR')).toBe('R');
    expect(currencyMarker('zar ')).toBe('R');
    expect(currencyMarker('KES')).toBe('KES');
    expect(currencyMarker('usd')).toBe('USD');
  });
});

describe('formatPrice', () => {
  it('groups rand thousands with spaces', () => {
    expect(formatPrice('1234.50', 'ZAR')).toBe('R 1 234.50');
    expect(formatPrice('1234567.05', 'ZAR')).toBe('R 1 234 567.05');
    expect(formatPrice('999.99', 'ZAR')).toBe('R 999.99');
  });

  it('groups other currencies with commas', () => {
    expect(formatPrice('1234.50', 'KES')).toBe('KES 1,234.50');
    expect(formatPrice('100.00', 'USD')).toBe('USD 100.00');
  });

  it('always shows two decimals', () => {
    expect(formatPrice('12', 'ZAR')).toBe('R 12.00');
    expect(formatPrice('12.5', 'ZAR')).toBe('R 12.50');
    expect(formatPrice('0.00', 'ZAR')).toBe('R 0.00');
    expect(formatPrice('007.10', 'KES')).toBe('KES 7.10');
  });

  it('keeps the sign of a negative amount after the marker', () => {
    expect(formatPrice('-1500.00', 'ZAR')).toBe('R -1 500.00');
  });

  it('never rounds through floating point', () => {
    expect(formatPrice('90071992547409.93', 'USD')).toBe('USD 90,071,992,547,409.93');
  });

  it('shows text that is no amount as it is', () => {
    expect(formatPrice('n/a', 'ZAR')).toBe('R n/a');
  });
});

describe('formatAmount', () => {
  it('shows rand as R with 2 decimals and no grouping', () => {
    expect(formatAmount('123.45', 'ZAR')).toBe('R 123.45');
    expect(formatAmount('0.00', 'zar')).toBe('R 0.00');
    expect(formatAmount('1234.5', 'ZAR')).toBe('R 1234.50');
  });

  it('pads missing decimals', () => {
    expect(formatAmount('7', 'ZAR')).toBe('R 7.00');
    expect(formatAmount('7.5', 'USD')).toBe('$ 7.50');
  });

  it('names other currencies by their code', () => {
    expect(formatAmount('10.00', 'KES')).toBe('KES 10.00');
  });

  it('keeps a minus sign', () => {
    expect(formatAmount('-0.05', 'ZAR')).toBe('R -0.05');
  });

  it('never rounds through floating point', () => {
    expect(formatAmount('90071992547409.93', 'ZAR')).toBe('R 90071992547409.93');
  });
});
