import { describe, expect, it } from 'vitest';
import { toAssetUrl } from './asset-url';

describe('toAssetUrl', () => {
  it('serves server paths from the site root and keeps absolute URLs', () => {
    expect(toAssetUrl('uploads/logo.png')).toBe('/uploads/logo.png');
    expect(toAssetUrl('/uploads/logo.png')).toBe('/uploads/logo.png');
    expect(toAssetUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
  });

  it('treats blank and NA as no asset', () => {
    expect(toAssetUrl(null)).toBeNull();
    expect(toAssetUrl('')).toBeNull();
    expect(toAssetUrl('na')).toBeNull();
  });
});
