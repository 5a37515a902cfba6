import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import { renewSession, setSessionEvents, isSessionGone } from '@/lib/api-client';
import { toLoginLinkState } from '@/lib/login-redirect';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { readCsrfToken } from '@/lib/session-cookie';
import { finishSession, logOut, SESSION_QUERY_KEY } from '@/lib/session';
import { serverNow } from '@/lib/server-clock';
import {
  hasSessionEnded,
  planSessionTimers,
  RENEW_RETRY_MS,
  toTimerDelay,
} from '@/lib/session-timers';

/** A focused tab asks the server about its session at most this often. */
const FOCUS_CHECK_INTERVAL_MS = 30_000;

/**
 * Keeps the signed-in customer's session going and ends it on time (ADR 006, portal.md §4):
 * renews the access token shortly before it runs out, logs out when the session ends (toast,
 * /home), and notices, when the tab is focused again, a logout or login in another tab. A call
 * that finds the session over (the renewal was refused) sends the customer to /customerlogin.
 */
export function useSessionKeeper(user: TSessionUser | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const lastFocusCheck = useRef(0);

  useEffect(
    () =>
      setSessionEvents({
        onRenewed: (renewed) => queryClient.setQueryData(SESSION_QUERY_KEY, renewed),
        onEnded: () => {
          const wasSignedIn = queryClient.getQueryData(SESSION_QUERY_KEY) != null;
          finishSession(queryClient);
          if (!wasSignedIn) return;
          showErrorToast({ id: 'session-ended', message: t('session.expired') });
          const { pathname, search } = window.location;
          void navigate('/customerlogin', { state: toLoginLinkState(pathname, search) });
        },
      }),
    [queryClient, navigate, t],
  );

  const accessExpiresAt = user?.accessExpiresAt;
  const sessionExpiresAt = user?.sessionExpiresAt;

  useEffect(() => {
    if (accessExpiresAt === undefined || sessionExpiresAt === undefined) return;
    const plan = planSessionTimers({ accessExpiresAt, sessionExpiresAt }, serverNow());
    const timers: ReturnType<typeof setTimeout>[] = [];

    const renew = () => {
      // A tab that slept past the session's end has nothing to renew: the end timer logs out.
      if (hasSessionEnded({ sessionExpiresAt }, serverNow())) return;
      renewSession().catch((error: unknown) => {
        // The session's end is handled by onEnded; anything else (offline, 5xx) is tried again.
        if (!isSessionGone(error)) timers.push(setTimeout(renew, RENEW_RETRY_MS));
      });
    };
    if (plan.renewInMs !== null) timers.push(setTimeout(renew, toTimerDelay(plan.renewInMs)));
    if (plan.endInMs !== null) {
      timers.push(
        setTimeout(() => {
          // portal.md §4: the session's end logs out and goes home. Home first, so no guarded
          // page is left to send the visitor to the login; then the cookies are cleared.
          void Promise.resolve(navigate('/home')).then(() => {
            finishSession(queryClient);
            showErrorToast({ id: 'session-ended', message: t('session.expired') });
            return logOut().catch(() => undefined);
          });
        }, toTimerDelay(plan.endInMs)),
      );
    }
    return () => timers.forEach(clearTimeout);
  }, [accessExpiresAt, sessionExpiresAt, queryClient, navigate, t]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      const current = queryClient.getQueryData<TSessionUser | null>(SESSION_QUERY_KEY);
      const hasSessionCookie = readCsrfToken() !== null;
      if (current) {
        if (!hasSessionCookie) {
          // Logged out in another tab (or the cookies were cleared).
          finishSession(queryClient);
          showSuccessToast({ id: 'session-ended', message: t('session.loggedOut') });
          return;
        }
        if (hasSessionEnded(current, serverNow())) return; // the end timer is due at once
      } else if (!hasSessionCookie) {
        return;
      }
      // Signed in elsewhere, or a session that may have been ended on the server.
      const now = Date.now();
      if (now - lastFocusCheck.current < FOCUS_CHECK_INTERVAL_MS) return;
      lastFocusCheck.current = now;
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [queryClient, t]);
}
