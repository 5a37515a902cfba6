import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import {
  apiGet,
  apiPostForMessage,
  forgetRenewal,
  isSessionGone,
  writeRenewedUntil,
} from './api-client';
import { readCsrfToken } from './session-cookie';

/*
 * The signed-in customer, shared by the header, the route guard and every feature (ADR 006). The
 * session itself is in httpOnly cookies; the page keeps only what GET /api/auth/session says, in
 * TanStack Query, never in storage.
 */

export const SESSION_QUERY_KEY = ['session'] as const;

/** Query roots that hold nothing private: they survive a logout. Everything else is removed. */
const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set(['company', 'content', 'countries']);

/**
 * GET /api/auth/session: the customer, or null for a visitor. Without the CSRF cookie there is no
 * session to ask about (it lives exactly as long as the session), so a visitor's page load makes
 * no call at all.
 */
export async function getSession(signal?: AbortSignal): Promise<TSessionUser | null> {
  if (readCsrfToken() === null) return null;
  try {
    return await apiGet<TSessionUser>('auth/session', { signal, authenticated: true });
  } catch (error) {
    if (isSessionGone(error)) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    // Kept current by login, renewal and logout, and checked again when the tab regains focus.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

type SessionState = {
  user: TSessionUser | null;
  /** True until the first answer, only when a session may exist (the CSRF cookie is there). */
  isPending: boolean;
};

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { user: data ?? null, isPending: isPending && readCsrfToken() !== null };
}

/** After the one-time code: the customer is signed in in this tab (the cookies are set). */
export function startSession(queryClient: QueryClient, user: TSessionUser): void {
  writeRenewedUntil(user.accessExpiresAt);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
}

/**
 * Logout, the session's end, or a logout in another tab: the customer is gone and so is every
 * answer that belonged to them (profile, notifications, prices…).
 */
export function finishSession(queryClient: QueryClient): void {
  forgetRenewal();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== SESSION_QUERY_KEY[0] && !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]),
  });
  queryClient.getMutationCache().clear();
}

/** POST /api/auth/logout: ends the session on the server and clears its cookies. */
export function logOut(): Promise<string> {
  return apiPostForMessage('auth/logout', undefined, { authenticated: true });
}
