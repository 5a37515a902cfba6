import type { Locator } from 'playwright-core';

/**
 * The WCAG contrast ratio of an element's text colour against the background it is drawn on
 * (its own background colour, else the nearest ancestor's that is not transparent), from the
 * computed styles. axe-core skips disabled and read-only fields; this does not.
 */
export function textContrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const parse = (color: string) => {
      const [red = 0, green = 0, blue = 0, alpha = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return { rgb: [red, green, blue], alpha };
    };
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let background = { rgb: [255, 255, 255], alpha: 1 };
    for (let current: Element | null = node; current; current = current.parentElement) {
      const candidate = parse(getComputedStyle(current).backgroundColor);
      if (candidate.alpha > 0) {
        background = candidate;
        break;
      }
    }
    const text = parse(getComputedStyle(node).color);
    // A faded field (Mantine's disabled look) fades its text too.
    text.alpha *= Number(getComputedStyle(node).opacity);
    // A translucent text colour shows the background through it.
    const shown = text.rgb.map(
      (channel, index) => channel * text.alpha + background.rgb[index]! * (1 - text.alpha),
    );
    const [lighter, darker] = [luminance(shown), luminance(background.rgb)].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}
