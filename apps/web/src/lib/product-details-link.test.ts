import { describe, expect, it } from 'vitest';
import { productDetailsPath, readProductDetailsQuery } from './product-details-link';

const choice = { memory: 8, disk: 100, processor: 4, period: 90, region: 3 };

describe('productDetailsPath', () => {
  it('is the product page', () => {
    expect(productDetailsPath(12)).toBe('/productdetails/12');
    expect(productDetailsPath('7')).toBe('/productdetails/7');
  });

  it('carries a configuration in the query', () => {
    expect(productDetailsPath(12, choice)).toBe(
      '/productdetails/12?memory=8&disk=100&processor=4&period=90&region=3',
    );
  });

  it('carries "none chosen" as 0', () => {
    expect(productDetailsPath(12, { ...choice, period: 0, region: 0 })).toBe(
      '/productdetails/12?memory=8&disk=100&processor=4&period=0&region=0',
    );
  });
});

describe('readProductDetailsQuery', () => {
  it('reads back what the builder writes', () => {
    const query = productDetailsPath(12, choice).split('?')[1];
    expect(readProductDetailsQuery(new URLSearchParams(query))).toEqual(choice);
  });

  it('reads nothing from an empty query', () => {
    expect(readProductDetailsQuery(new URLSearchParams(''))).toEqual({
      memory: null,
      disk: null,
      processor: null,
      period: null,
      region: null,
    });
  });

  it('ignores values that are not whole, non-negative numbers', () => {
    expect(
      readProductDetailsQuery(
        new URLSearchParams('memory=abc&disk=-50&processor=1.5&period=x&region='),
      ),
    ).toEqual({ memory: null, disk: null, processor: null, period: null, region: null });
    expect(readProductDetailsQuery(new URLSearchParams('memory=%208%20&period=0'))).toMatchObject({
      memory: 8,
      period: 0,
    });
  });
});
