/**
 * Zoom of the PDF viewer, as a scale of the document's own size (1: an 11 pt line is 11 CSS px
 * tall).
 */

/**
 * The smallest scale the viewer opens at. An A4 page fitted to a 360 px phone would be drawn at
 * about 0.58, its body text at 6 px; there the page opens at its own size instead and scrolls
 * sideways inside the viewer's frame.
 */
const READABLE_SCALE = 1;
const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];
export const ZOOM_TOLERANCE = 0.01;

/** The scale at which the page fills `availableWidth`. */
export function fitWidthScale(availableWidth: number, pageWidth: number): number {
  return availableWidth / pageWidth;
}

/**
 * How a document opens: `readable`, fitted to the width but never below the readable size (a
 * text to read: terms, a policy); `fit-width`, fitted to the width whatever it takes (a one-page
 * form to see whole, such as a receipt: its title, parties and total on a phone's screen at once,
 * with zoom in for detail).
 */
export type OpeningFit = 'readable' | 'fit-width';

/** The scale a document opens at (see `OpeningFit`). */
export function openingScale(fitScale: number, fit: OpeningFit = 'readable'): number {
  return fit === 'fit-width' ? fitScale : Math.max(fitScale, READABLE_SCALE);
}

/** The next zoom step above (`direction` 1) or below (-1) `scale`; null past either end. */
export function nextZoomStep(scale: number, direction: 1 | -1): number | null {
  const steps = direction === 1 ? ZOOM_STEPS : [...ZOOM_STEPS].reverse();
  return (
    steps.find((step) =>
      direction === 1 ? step > scale + ZOOM_TOLERANCE : step < scale - ZOOM_TOLERANCE,
    ) ?? null
  );
}
