import { describe, expect, it } from 'vitest';
import { toUsdFigures } from './usd-conversion';

describe('toUsdFigures', () => {
  it('converts each rand figure to US dollars at 0.063, to the cent', () => {
    expect(
      toUsdFigures({
        totalPrice: '1000.00',
        discountAmount: '0.00',
        taxAmount: '150.00',
        totalPayable: '1150.00',
      }),
    ).toEqual({
      totalPrice: '63.00',
      discountAmount: '0.00',
      taxAmount: '9.45',
      totalPayable: '72.45',
    });
  });

  it('rounds half a cent up and never goes through a float', () => {
    // 0.10 ZAR = 0.0063 USD → 0.01; 0.07 ZAR = 0.00441 → 0.00; 7.94 ZAR = 0.50022 → 0.50
    expect(
      toUsdFigures({
        totalPrice: '0.10',
        discountAmount: '0.07',
        taxAmount: '7.94',
        totalPayable: '8.01',
      }),
    ).toEqual({
      totalPrice: '0.01',
      discountAmount: '0.00',
      taxAmount: '0.50',
      totalPayable: '0.50',
    });
  });

  it('keeps large totals exact', () => {
    // 123456.78 ZAR × 0.063 = 7777.777... → 7777.78
    expect(
      toUsdFigures({
        totalPrice: '123456.78',
        discountAmount: '0',
        taxAmount: '0',
        totalPayable: '123456.78',
      }).totalPayable,
    ).toBe('7777.78');
  });
});
