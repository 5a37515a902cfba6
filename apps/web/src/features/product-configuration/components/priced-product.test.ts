import { describe, expect, it } from 'vitest';
import type { SpecificationLine } from '@cloud-portal/contract/marketplace/configuration-rules';
import { snapToStep } from './priced-product';

const line = (minValue: number, maxValue: number, size: number): SpecificationLine => ({
  specificationName: 'Memory',
  specificationUnit: 'GB',
  specificationCount: minValue,
  minValue,
  maxValue,
  size,
  costPerUnit: '10.00',
  sequence: 1,
});

describe('snapToStep', () => {
  it('keeps counts on the step from min', () => {
    expect(snapToStep(line(1, 9, 2), 4)).toBe(5);
    expect(snapToStep(line(1, 9, 2), 3)).toBe(3);
  });

  it('clamps to the range', () => {
    expect(snapToStep(line(2, 16, 2), 0)).toBe(2);
    expect(snapToStep(line(2, 16, 2), 40)).toBe(16);
  });

  it('stops at the last whole step when the range is not a multiple of it', () => {
    expect(snapToStep(line(1, 16, 2), 17)).toBe(15);
    expect(snapToStep(line(1, 16, 2), 16)).toBe(15);
  });
});
