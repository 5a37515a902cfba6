import type { MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

/** Shares of white (shades 0–5) and of black (7–9) mixed into the brand colour; 6 is the colour. */
const TINTS = [0.93, 0.82, 0.66, 0.5, 0.34, 0.17];
const SHADES = [0.15, 0.32, 0.5];

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` as `#rrggbb`; null for anything else. */
export function normalizeHexColor(value: string): string | null {
  const hex = value.trim().toLowerCase();
  if (!HEX_COLOR.test(hex)) return null;
  return hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;
}

/**
 * Any CSS colour (`#0b6bcb`, `rgb(…)`, `teal`) as `#rrggbb`, using the browser's own parser;
 * null when the browser does not understand it. Without a browser (the server's first render)
 * only hex colours are understood; the server leaves other brands to the browser.
 */
export function normalizeCssColor(value: string): string | null {
  if (typeof document === 'undefined') return normalizeHexColor(value);
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return normalizeHexColor(value);
  const sentinels = ['#000001', '#000002'];
  const results = sentinels.map((sentinel) => {
    context.fillStyle = sentinel;
    context.fillStyle = value.trim();
    return String(context.fillStyle);
  });
  // An invalid colour leaves each sentinel in place; a valid one replaces both the same way.
  if (results[0] !== results[1] || !/^#[0-9a-f]{6}$/i.test(results[0] ?? '')) return null;
  return results[0] ?? null;
}

/** Ten shades for Mantine, light to dark, with the given colour at index 6. */
export function createColorScale(hex: string): MantineColorsTuple {
  const base = toRgb(hex);
  const tints = TINTS.map((share) => toHex(mix(base, [255, 255, 255], share)));
  const shades = SHADES.map((share) => toHex(mix(base, [0, 0, 0], share)));
  return [...tints, toHex(base), ...shades] as unknown as MantineColorsTuple;
}

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(color: Rgb, other: Rgb, share: number): Rgb {
  return color.map((channel, index) =>
    Math.round(channel + ((other[index] ?? 0) - channel) * share),
  ) as Rgb;
}

function toHex(color: Rgb): string {
  return `#${color.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}
