import { describe, expect, it } from 'vitest';
import { fitWidthScale, nextZoomStep, openingScale } from './pdf-zoom';

const A4_WIDTH = 595.28;

describe('openingScale', () => {
  it('fits the page to a wide viewer', () => {
    const fit = fitWidthScale(1000, A4_WIDTH);
    expect(openingScale(fit)).toBeCloseTo(1.68, 2);
  });

  it('opens at the document’s own size where fitting would make the text tiny', () => {
    // A 360 px phone leaves about 340 px for the page: fitted, 11 pt text would be 6 px.
    expect(openingScale(fitWidthScale(340, A4_WIDTH))).toBe(1);
  });

  it('fits a form such as a receipt to a phone’s width, below its own size', () => {
    const fit = fitWidthScale(326, A4_WIDTH);
    expect(openingScale(fit, 'fit-width')).toBeCloseTo(0.548, 3);
    expect(openingScale(fitWidthScale(1000, A4_WIDTH), 'fit-width')).toBeCloseTo(1.68, 2);
  });
});

describe('nextZoomStep', () => {
  it('steps in and out through the zoom steps', () => {
    expect(nextZoomStep(1, 1)).toBe(1.25);
    expect(nextZoomStep(1, -1)).toBe(0.75);
    expect(nextZoomStep(1.68, 1)).toBe(1.75);
    expect(nextZoomStep(1.68, -1)).toBe(1.5);
  });

  it('treats a scale a hair from a step as that step', () => {
    expect(nextZoomStep(1.004, 1)).toBe(1.25);
    expect(nextZoomStep(0.996, -1)).toBe(0.75);
  });

  it('stops at either end', () => {
    expect(nextZoomStep(3, 1)).toBeNull();
    expect(nextZoomStep(0.5, -1)).toBeNull();
  });
});
