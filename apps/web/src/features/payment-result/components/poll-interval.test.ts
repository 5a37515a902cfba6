import { describe, expect, it } from 'vitest';
import { pollIntervalFor } from './poll-interval';

describe('pollIntervalFor', () => {
  it('asks every 2 s for the first 30 s', () => {
    expect(pollIntervalFor(0)).toBe(2_000);
    expect(pollIntervalFor(29_999)).toBe(2_000);
  });

  it('asks every 5 s from 30 s on', () => {
    expect(pollIntervalFor(30_000)).toBe(5_000);
    expect(pollIntervalFor(179_999)).toBe(5_000);
  });

  it('stops at 3 minutes', () => {
    expect(pollIntervalFor(180_000)).toBe(false);
    expect(pollIntervalFor(600_000)).toBe(false);
  });
});
