import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { createColorScale, normalizeCssColor } from './color-scale';

/** The portal's own blue, used until (or unless) the company configures `primaryColor`. */
export const DEFAULT_BRAND_COLOR = '#1c5fb8';

/** The Mantine theme for a company; `primaryColor` null keeps the default palette. */
export function createBrandTheme(primaryColor: string | null | undefined): MantineThemeOverride {
  const brandColor =
    (typeof primaryColor === 'string' && normalizeCssColor(primaryColor)) || DEFAULT_BRAND_COLOR;
  return createTheme({
    colors: { brand: createColorScale(brandColor) },
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: 0.35,
    defaultRadius: 'md',
    focusRing: 'auto',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", sans-serif',
    headings: {
      fontFamily:
        'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", sans-serif',
      fontWeight: '700',
    },
  });
}
