import { describe, expect, it } from 'vitest';
import {
  hasSessionEnded,
  MAX_TIMER_DELAY_MS,
  planSessionTimers,
  RENEW_BEFORE_ACCESS_EXPIRY_MS,
  toTimerDelay,
} from './session-timers';

const now = Date.parse('2026-11-21T08:00:00.000Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('planSessionTimers', () => {
  it('renews shortly before the access token runs out and ends with the session', () => {
    expect(planSessionTimers({ accessExpiresAt: at(15), sessionExpiresAt: at(720) }, now)).toEqual({
      renewInMs: 15 * 60_000 - RENEW_BEFORE_ACCESS_EXPIRY_MS,
      endInMs: 720 * 60_000,
    });
  });

  it('renews at once when the renewal moment has passed (a tab that slept)', () => {
    expect(
      planSessionTimers({ accessExpiresAt: at(-3), sessionExpiresAt: at(600) }, now).renewInMs,
    ).toBe(0);
  });

  it('does not renew an access token that lasts until the session ends', () => {
    expect(planSessionTimers({ accessExpiresAt: at(10), sessionExpiresAt: at(10) }, now)).toEqual({
      renewInMs: null,
      endInMs: 10 * 60_000,
    });
    // The renewal moment would fall after the end: nothing to renew either.
    expect(
      planSessionTimers({ accessExpiresAt: at(11), sessionExpiresAt: at(10.5) }, now).renewInMs,
    ).toBeNull();
  });

  it('ends at once a session whose time is over', () => {
    expect(planSessionTimers({ accessExpiresAt: at(-20), sessionExpiresAt: at(-1) }, now)).toEqual({
      renewInMs: null,
      endInMs: 0,
    });
  });

  it('plans nothing it cannot read', () => {
    expect(planSessionTimers({ accessExpiresAt: 'x', sessionExpiresAt: 'y' }, now)).toEqual({
      renewInMs: null,
      endInMs: null,
    });
  });
});

describe('hasSessionEnded', () => {
  it('is true from the session end on', () => {
    expect(hasSessionEnded({ sessionExpiresAt: at(0) }, now)).toBe(true);
    expect(hasSessionEnded({ sessionExpiresAt: at(1) }, now)).toBe(false);
    expect(hasSessionEnded({ sessionExpiresAt: 'unknown' }, now)).toBe(false);
  });
});

describe('toTimerDelay', () => {
  it("keeps a delay within setTimeout's range", () => {
    expect(toTimerDelay(-5)).toBe(0);
    expect(toTimerDelay(1_000)).toBe(1_000);
    expect(toTimerDelay(30 * 24 * 3_600_000)).toBe(MAX_TIMER_DELAY_MS);
  });
});
