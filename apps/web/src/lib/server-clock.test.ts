import { describe, expect, it } from 'vitest';
import { computeClockOffset } from './server-clock';

describe('computeClockOffset', () => {
  const receivedAt = Date.parse('2026-11-21T08:00:00.300Z');

  it('treats clocks within two seconds as equal', () => {
    expect(computeClockOffset('Sat, 21 Nov 2026 08:00:01 GMT', receivedAt)).toBe(0);
  });

  it('measures a clock that is minutes off, to about half a second', () => {
    // The server says 08:05:00 while this computer says 08:00:00.3.
    expect(computeClockOffset('Sat, 21 Nov 2026 08:05:00 GMT', receivedAt)).toBe(300_200);
    expect(computeClockOffset('Sat, 21 Nov 2026 07:55:00 GMT', receivedAt)).toBe(-299_800);
  });

  it('ignores a missing or unreadable header', () => {
    expect(computeClockOffset(null, receivedAt)).toBeNull();
    expect(computeClockOffset('yesterday', receivedAt)).toBeNull();
  });
});
