import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { FIRST_RENDER_STATE_ID } from '@cloud-portal/contract/web/first-render';

/** What a server-rendered page carries for its hydration (entry-server.tsx writes it). */
export type FirstRenderState = {
  language: string;
  /** Text namespaces the page was written with: the browser loads them before it hydrates. */
  namespaces: string[];
  viewportWidth: number;
  queries: DehydratedState;
  router: Partial<HydrationState>;
};

/** The page's first-render state, or null when the server sent the empty shell. */
export function readFirstRenderState(): FirstRenderState | null {
  const script = document.getElementById(FIRST_RENDER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as FirstRenderState;
  } catch {
    return null;
  }
}

/**
 * The server's answers are as fresh as the page: the server's copy is dropped by every change
 * (ADR 021), so a query hydrated from it counts from now, not from when it was rendered.
 */
export function freshFromNow(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
}
