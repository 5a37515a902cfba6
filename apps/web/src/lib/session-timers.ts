/**
 * When to renew the access token and when the session ends (ADR 006, portal.md §4 "Automatic
 * logout"). Pure: every time is in the server's milliseconds.
 */

/** Renew this long before the access token ends, so a slow answer or a throttled timer is fine. */
export const RENEW_BEFORE_ACCESS_EXPIRY_MS = 90_000;
/** After a renewal that failed for a reason other than the session's end (offline, 5xx). */
export const RENEW_RETRY_MS = 30_000;
/** setTimeout's largest delay; a longer one fires at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

type SessionTimes = { accessExpiresAt: string; sessionExpiresAt: string };

type SessionTimerPlan = {
  /** Milliseconds until the access token should be renewed; null when there is nothing to renew. */
  renewInMs: number | null;
  /** Milliseconds until the session ends and the user is logged out; null when unknown. */
  endInMs: number | null;
};

export function planSessionTimers(times: SessionTimes, now: number): SessionTimerPlan {
  const accessEndsAt = Date.parse(times.accessExpiresAt);
  const sessionEndsAt = Date.parse(times.sessionExpiresAt);
  const hasSessionEnd = Number.isFinite(sessionEndsAt);
  const endInMs = hasSessionEnd ? Math.max(0, sessionEndsAt - now) : null;
  if (!Number.isFinite(accessEndsAt)) return { renewInMs: null, endInMs };

  const renewAt = accessEndsAt - RENEW_BEFORE_ACCESS_EXPIRY_MS;
  // The access token never outlives the session: when it lasts to the end, or the end has come,
  // there is nothing to renew.
  if (
    hasSessionEnd &&
    (accessEndsAt >= sessionEndsAt || renewAt >= sessionEndsAt || endInMs === 0)
  ) {
    return { renewInMs: null, endInMs };
  }
  return { renewInMs: Math.max(0, renewAt - now), endInMs };
}

export function hasSessionEnded(
  times: Pick<SessionTimes, 'sessionExpiresAt'>,
  now: number,
): boolean {
  const sessionEndsAt = Date.parse(times.sessionExpiresAt);
  return Number.isFinite(sessionEndsAt) && sessionEndsAt <= now;
}

/** A delay setTimeout keeps as it is. */
export function toTimerDelay(milliseconds: number): number {
  return Math.min(Math.max(0, milliseconds), MAX_TIMER_DELAY_MS);
}
