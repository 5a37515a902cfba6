import { describe, expect, it } from 'vitest';
import { checkLogo, checkLogoFile } from './membership-logo';

const png = { type: 'image/png', bytes: 4_000 };

describe('membership logo rule', () => {
  it('accepts 50 pixels wide or high, the other side up to 1000', () => {
    expect(checkLogo({ ...png, width: 50, height: 50 })).toBeNull();
    expect(checkLogo({ ...png, width: 50, height: 120 })).toBeNull();
    expect(checkLogo({ ...png, width: 254, height: 50 })).toBeNull();
  });

  it('refuses any other size with the spec message', () => {
    expect(checkLogo({ ...png, width: 254, height: 82 })).toBe(
      'Cloud logo should be 50 x 50 pixels',
    );
    expect(checkLogo({ ...png, width: 49, height: 51 })).toBe(
      'Cloud logo should be 50 x 50 pixels',
    );
  });

  it('refuses a side longer than 1000 pixels, however the 50 pixel rule reads', () => {
    expect(checkLogo({ ...png, width: 50, height: 1000 })).toBeNull();
    expect(checkLogo({ ...png, width: 1000, height: 50 })).toBeNull();
    for (const [width, height] of [
      [50, 1_000_000],
      [1001, 50],
      [50, 1001],
    ] as const) {
      expect(checkLogo({ ...png, width, height }), `${width}×${height}`).toBe(
        'Cloud logo should be at most 1000 pixels wide and high',
      );
    }
  });

  it('takes PNG, JPEG and WebP only', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkLogoFile({ type, bytes: 10 })).toBeNull();
    }
    for (const type of ['image/svg+xml', 'image/gif', 'application/pdf', '']) {
      expect(checkLogoFile({ type, bytes: 10 })).toBe('The logo must be a PNG, JPEG or WebP image');
    }
  });

  it('takes files up to 2 MB', () => {
    expect(checkLogoFile({ type: 'image/png', bytes: 2 * 1024 * 1024 })).toBeNull();
    expect(checkLogoFile({ type: 'image/png', bytes: 2 * 1024 * 1024 + 1 })).toBe(
      'The logo must be 2 MB or smaller',
    );
  });

  it('reports the kind of file before its size or dimensions', () => {
    expect(checkLogo({ type: 'image/gif', bytes: 9e9, width: 1, height: 1 })).toBe(
      'The logo must be a PNG, JPEG or WebP image',
    );
    expect(checkLogo({ type: 'image/png', bytes: 9e9, width: 1, height: 1 })).toBe(
      'The logo must be 2 MB or smaller',
    );
  });
});
