import type { TGetFilteredProductsRequest } from '@cloud-portal/contract/marketplace/get-filtered-products';

/**
 * The quick-search panel's state (portal.md §4 "Filtering"): what the panel shows (`draft`) and
 * what the lists were last fetched with (`applied`). Choosing an OS clears the VM choice; Apply
 * makes the draft the applied filters once their products have arrived; reset clears both.
 */

export type FilterSelection = {
  operatingSystem: number | null;
  virtualMachine: number | null;
  region: number | null;
  ipType: number | null;
};

export type FilterState = { draft: FilterSelection; applied: FilterSelection };

export type FilterAction =
  | { type: 'chooseOperatingSystem'; id: number | null }
  | { type: 'chooseVirtualMachine'; id: number | null }
  | { type: 'chooseRegion'; id: number | null }
  | { type: 'chooseIpType'; id: number | null }
  | { type: 'applied'; selection: FilterSelection }
  | { type: 'reset' };

export const NO_FILTERS: FilterSelection = {
  operatingSystem: null,
  virtualMachine: null,
  region: null,
  ipType: null,
};

export const INITIAL_FILTER_STATE: FilterState = { draft: NO_FILTERS, applied: NO_FILTERS };

export function filterReducer(state: FilterState, action: FilterAction): FilterState {
  switch (action.type) {
    case 'chooseOperatingSystem':
      if (action.id === state.draft.operatingSystem) return state;
      return {
        ...state,
        draft: { ...state.draft, operatingSystem: action.id, virtualMachine: null },
      };
    case 'chooseVirtualMachine':
      // A VM belongs to an OS: none can be chosen before the OS.
      if (state.draft.operatingSystem === null) return state;
      return { ...state, draft: { ...state.draft, virtualMachine: action.id } };
    case 'chooseRegion':
      return { ...state, draft: { ...state.draft, region: action.id } };
    case 'chooseIpType':
      return { ...state, draft: { ...state.draft, ipType: action.id } };
    case 'applied':
      return { ...state, applied: action.selection };
    case 'reset':
      return INITIAL_FILTER_STATE;
  }
}

export function isUnfiltered(selection: FilterSelection): boolean {
  return (
    selection.operatingSystem === null &&
    selection.virtualMachine === null &&
    selection.region === null &&
    selection.ipType === null
  );
}

/** How many of the panel's filters hold a choice. */
export function countActiveFilters(selection: FilterSelection): number {
  return Object.values(selection).filter((choice) => choice !== null).length;
}

export function isSameSelection(a: FilterSelection, b: FilterSelection): boolean {
  return (
    a.operatingSystem === b.operatingSystem &&
    a.virtualMachine === b.virtualMachine &&
    a.region === b.region &&
    a.ipType === b.ipType
  );
}

/** The filter fields of getFilteredProducts: 0 where unset; the panel has no spec filters. */
export function toFilterPayload(
  selection: FilterSelection,
): Pick<
  TGetFilteredProductsRequest,
  'operatingSystem' | 'virtualMachine' | 'processor' | 'memory' | 'disk' | 'region' | 'IPType'
> {
  return {
    operatingSystem: selection.operatingSystem ?? 0,
    virtualMachine: selection.virtualMachine ?? 0,
    processor: 0,
    memory: 0,
    disk: 0,
    region: selection.region ?? 0,
    IPType: selection.ipType ?? 0,
  };
}
