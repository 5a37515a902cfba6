import { useEffect, useState } from 'react';
import { serverNow } from '@/lib/server-clock';

/** Timers longer than this overflow in browsers; a far deadline is looked at again later. */
const MAX_TIMER_MS = 2_000_000_000;

/** Whether the server's deadline `expiresAt` (ISO 8601) has passed; turns true when it does. */
export function useHasExpired(expiresAt: string): boolean {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => serverNow());

  useEffect(() => {
    if (!Number.isFinite(deadline) || now >= deadline) return;
    const left = Math.max(deadline - serverNow(), 0);
    const timer = window.setTimeout(() => setNow(serverNow()), Math.min(left + 50, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [deadline, now]);

  return Number.isFinite(deadline) && now >= deadline;
}
