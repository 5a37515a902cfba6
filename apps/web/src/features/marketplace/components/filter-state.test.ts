import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  filterReducer,
  INITIAL_FILTER_STATE,
  isSameSelection,
  isUnfiltered,
  NO_FILTERS,
  toFilterPayload,
  type FilterState,
} from './filter-state';

const chosen: FilterState = {
  draft: { operatingSystem: 2, virtualMachine: 17, region: 3, ipType: 1 },
  applied: NO_FILTERS,
};

describe('filterReducer', () => {
  it('clears the VM choice when another OS is chosen', () => {
    const next = filterReducer(chosen, { type: 'chooseOperatingSystem', id: 5 });
    expect(next.draft).toEqual({ operatingSystem: 5, virtualMachine: null, region: 3, ipType: 1 });
  });

  it('keeps the VM choice when the same OS is chosen again', () => {
    expect(filterReducer(chosen, { type: 'chooseOperatingSystem', id: 2 })).toBe(chosen);
  });

  it('clears the VM choice when the OS is cleared', () => {
    const next = filterReducer(chosen, { type: 'chooseOperatingSystem', id: null });
    expect(next.draft.operatingSystem).toBeNull();
    expect(next.draft.virtualMachine).toBeNull();
  });

  it('refuses a VM before an OS', () => {
    const next = filterReducer(INITIAL_FILTER_STATE, { type: 'chooseVirtualMachine', id: 9 });
    expect(next).toBe(INITIAL_FILTER_STATE);
  });

  it('sets region and IP type without touching the rest', () => {
    let state = filterReducer(chosen, { type: 'chooseRegion', id: null });
    state = filterReducer(state, { type: 'chooseIpType', id: 4 });
    expect(state.draft).toEqual({
      operatingSystem: 2,
      virtualMachine: 17,
      region: null,
      ipType: 4,
    });
    expect(state.applied).toBe(NO_FILTERS);
  });

  it('only changes the applied filters when told they were applied', () => {
    const next = filterReducer(chosen, { type: 'applied', selection: chosen.draft });
    expect(next.applied).toEqual(chosen.draft);
    expect(next.draft).toBe(chosen.draft);
  });

  it('reset clears the panel and the applied filters', () => {
    const applied = filterReducer(chosen, { type: 'applied', selection: chosen.draft });
    expect(filterReducer(applied, { type: 'reset' })).toEqual({
      draft: NO_FILTERS,
      applied: NO_FILTERS,
    });
  });
});

describe('selections', () => {
  it('knows an empty selection', () => {
    expect(isUnfiltered(NO_FILTERS)).toBe(true);
    expect(isUnfiltered({ ...NO_FILTERS, ipType: 1 })).toBe(false);
  });

  it('compares selections by value', () => {
    expect(isSameSelection({ ...chosen.draft }, chosen.draft)).toBe(true);
    expect(isSameSelection({ ...chosen.draft, region: 4 }, chosen.draft)).toBe(false);
  });

  it('sends 0 for every unset filter', () => {
    expect(toFilterPayload(NO_FILTERS)).toEqual({
      operatingSystem: 0,
      virtualMachine: 0,
      processor: 0,
      memory: 0,
      disk: 0,
      region: 0,
      IPType: 0,
    });
    expect(toFilterPayload(chosen.draft)).toMatchObject({
      operatingSystem: 2,
      virtualMachine: 17,
      region: 3,
      IPType: 1,
    });
  });
});

describe('countActiveFilters', () => {
  it('counts the filters that hold a choice', () => {
    expect(countActiveFilters(NO_FILTERS)).toBe(0);
    expect(countActiveFilters(chosen.draft)).toBe(4);
    expect(
      countActiveFilters({ operatingSystem: 2, virtualMachine: null, region: 3, ipType: null }),
    ).toBe(2);
  });
});
