import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { createColorScale, normalizeCssColor } from './color-scale';

/** The portal's own blue, used until (or unless) the company configures `primaryColor`. */
const DEFAULT_BRAND_COLOR = '#1c5fb8';

/** Texts the theme puts into components, in the page's language. */
type ThemeTexts = { close: string };

/** The Mantine theme for a company; `primaryColor` null keeps the default palette. */
export function createBrandTheme(
  primaryColor: string | null | undefined,
  texts: ThemeTexts,
): MantineThemeOverride {
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
    // Plain objects, not Modal.extend(): importing Modal here would put the dialogs' code into
    // every page's first download.
    components: {
      Modal: {
        defaultProps: { radius: 'lg', centered: true },
        styles: { title: { fontWeight: 700 } },
      },
      ModalCloseButton: { defaultProps: { 'aria-label': texts.close } },
      // A folded panel stays mounted but hidden by CSS. Mantine's default wraps it in React's
      // <Activity>, whose content a server-written page hydrates in a separate, unyielding pass.
      Collapse: { defaultProps: { keepMountedMode: 'display-none' } },
    },
  });
}

/**
 * Mantine's "dimmed" text is gray.6, 3.3:1 on white; WCAG 2 AA asks 4.5:1 for body text. This
 * grey keeps the muted look at about 6:1 on white and on the light grey bands; placeholders
 * (gray.5, 2:1) get a grey of 4.8:1, and field errors (red.6, 3.6:1) red.9 at 5.9:1.
 */
export const accessibleColorVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
