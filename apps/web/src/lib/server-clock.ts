/**
 * The session's expiry times are the server's. A computer whose clock is off by minutes would
 * renew too late or log out too early, so every answer's `Date` header keeps an estimate of the
 * difference.
 */
let offsetMs = 0;

/** Below this the clocks agree as far as a header with one-second precision can tell. */
const NEGLIGIBLE_OFFSET_MS = 2_000;

/** Server time minus local time, from a `Date` header received at `receivedAt` (local ms). */
export function computeClockOffset(dateHeader: string | null, receivedAt: number): number | null {
  if (dateHeader === null) return null;
  const serverTime = Date.parse(dateHeader);
  if (!Number.isFinite(serverTime)) return null;
  // The header drops the milliseconds: on average the server's clock read half a second more.
  const offset = serverTime + 500 - receivedAt;
  return Math.abs(offset) < NEGLIGIBLE_OFFSET_MS ? 0 : offset;
}

export function recordServerDate(dateHeader: string | null, receivedAt: number = Date.now()): void {
  const offset = computeClockOffset(dateHeader, receivedAt);
  if (offset !== null) offsetMs = offset;
}

/** The server's time now, as well as this page can tell. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
