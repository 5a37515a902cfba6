import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** `blocking`: the global loading overlay covers the page until this call first answers. */
    queryMeta: { blocking?: boolean };
    mutationMeta: { blocking?: boolean };
  }
}

/** Client errors and maintenance are answers, not glitches: retrying them changes nothing. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && !error.isNetworkError) {
    if (error.httpStatus < 500 || error.httpStatus === 503) return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
