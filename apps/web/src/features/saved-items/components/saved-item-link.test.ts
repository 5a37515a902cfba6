import { describe, expect, it } from 'vitest';
import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';
import { savedItemLink } from './saved-item-link';

const item: TSavedVm = {
  ID: 5,
  productID: 12,
  vmName: 'Ubuntu 22.04',
  ram_Count: 8,
  ram_Unit: 'GB',
  disk_Count: 100,
  disk_Unit: 'GB',
  cpu_Count: 4,
  osType: 'Ubuntu',
  imagePath: null,
  regionID: 3,
  regionName: 'Cape Town',
  timePeriod: 90,
  totalAmount: '1234.50',
  currency: 'ZAR',
  isAvailable: true,
  savedAt: '2025-01-01T00:00:00.000Z',
};

describe('savedItemLink', () => {
  it('opens the product with the saved configuration', () => {
    expect(savedItemLink(item)).toBe(
      '/productdetails/12?memory=8&disk=100&processor=4&period=90&region=3',
    );
  });

  it('carries "none chosen" as 0', () => {
    expect(savedItemLink({ ...item, timePeriod: 0, regionID: 0 })).toBe(
      '/productdetails/12?memory=8&disk=100&processor=4&period=0&region=0',
    );
  });
});
