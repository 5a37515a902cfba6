/** How long the return page keeps asking for the order's status (the timing). */
const FAST_POLL_MS = 2_000;
const SLOW_POLL_MS = 5_000;
const FAST_POLL_WINDOW_MS = 30_000;
export const POLL_LIMIT_MS = 180_000;

/**
 * The wait before the next getOrderStatus, by the time since the page started waiting: every
 * 2 s at first, every 5 s after 30 s, and none after 3 minutes (the page then offers Check again).
 */
export function pollIntervalFor(elapsedMs: number): number | false {
  if (elapsedMs >= POLL_LIMIT_MS) return false;
  return elapsedMs < FAST_POLL_WINDOW_MS ? FAST_POLL_MS : SLOW_POLL_MS;
}
