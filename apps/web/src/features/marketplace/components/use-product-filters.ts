import { useCallback, useReducer, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadFirstPage } from '../api/get-filtered-products';
import {
  filterReducer,
  INITIAL_FILTER_STATE,
  isSameSelection,
  type FilterSelection,
} from './filter-state';

/**
 * The panel's choices and the filters the lists show (portal.md §4). Apply fetches the first
 * page of the chosen filters and only then swaps the lists; when that fetch fails nothing is
 * shown (portal.md §8) and the lists stay as they were. Reset restores the unfiltered lists.
 */
export function useProductFilters(serviceName: string, isLoggedIn: boolean) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(filterReducer, INITIAL_FILTER_STATE);
  // Only the latest Apply may change the lists; a reset cancels one still on its way.
  const latestApply = useRef<FilterSelection | null>(null);

  const applyMutation = useMutation({
    mutationFn: (selection: FilterSelection) =>
      loadFirstPage(queryClient, 'fetch', { serviceName, selection, isLoggedIn }),
    onSuccess: (_page, selection) => {
      if (latestApply.current !== null && isSameSelection(latestApply.current, selection)) {
        dispatch({ type: 'applied', selection });
      }
    },
  });
  const { mutate, reset: resetMutation } = applyMutation;

  const apply = useCallback(() => {
    latestApply.current = state.draft;
    mutate(state.draft);
  }, [mutate, state.draft]);

  const reset = useCallback(() => {
    latestApply.current = null;
    resetMutation();
    dispatch({ type: 'reset' });
  }, [resetMutation]);

  return {
    draft: state.draft,
    applied: state.applied,
    dispatch,
    apply,
    isApplying: applyMutation.isPending,
    reset,
  };
}
