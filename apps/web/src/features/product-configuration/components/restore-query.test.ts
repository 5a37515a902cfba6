import { describe, expect, it } from 'vitest';
import type { PricedProduct } from '@cloud-portal/contract/marketplace/configuration-rules';
import { readInitialChoice, type Offer } from './restore-query';

const product: PricedProduct = {
  vmSpec: [
    {
      specificationName: 'Memory',
      specificationUnit: 'GB',
      specificationCount: 4,
      minValue: 2,
      maxValue: 32,
      size: 2,
      costPerUnit: '50.00',
      sequence: 1,
    },
    {
      specificationName: 'Disk',
      specificationUnit: 'GB',
      specificationCount: 50,
      minValue: 50,
      maxValue: 500,
      size: 50,
      costPerUnit: '1.00',
      sequence: 2,
    },
    {
      specificationName: 'Processor',
      specificationUnit: 'vCPU',
      specificationCount: 2,
      minValue: 1,
      maxValue: 16,
      size: 1,
      costPerUnit: '80.00',
      sequence: 3,
    },
  ],
  ramCpuDependecy: [{ ramStartLimit: 16, ramEndLimit: 32, cpuCount: 8 }],
  taxValue: 15,
  taxBasis: 'beforeDiscount',
  discount: { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 },
  isPremium: false,
  serviceType: 'Proxmox',
};

const offer: Offer = { timePeriods: [30, 90, 180], productRegionID: null, regions: [3, 4] };
const base = { memory: 4, disk: 50, processor: 2 };
const read = (query: string, overrides: Partial<PricedProduct> = {}, offerOverrides = {}) =>
  readInitialChoice(
    new URLSearchParams(query),
    { ...product, ...overrides },
    { ...offer, ...offerOverrides },
  );

describe('readInitialChoice', () => {
  it('opens with the base configuration and nothing chosen without a query', () => {
    expect(read('')).toEqual({ configuration: base, timePeriod: 0, regionID: 0 });
  });

  it('restores a saved configuration, period and region', () => {
    expect(read('memory=8&disk=200&processor=4&period=90&region=4')).toEqual({
      configuration: { memory: 8, disk: 200, processor: 4 },
      timePeriod: 90,
      regionID: 4,
    });
  });

  it('lets the processor follow the memory where a rule covers it', () => {
    expect(read('memory=16&disk=100&processor=3').configuration).toEqual({
      memory: 16,
      disk: 100,
      processor: 8,
    });
  });

  it('drops only the values the product does not offer', () => {
    expect(read('memory=5&disk=100&processor=4').configuration).toEqual({
      memory: 4,
      disk: 100,
      processor: 4,
    });
    expect(read('memory=8&disk=75&processor=40').configuration).toEqual({
      memory: 8,
      disk: 50,
      processor: 2,
    });
  });

  it('ignores values that are not whole numbers', () => {
    expect(read('memory=abc&disk=-50&processor=1.5&period=x&region=').configuration).toEqual(base);
  });

  it('ignores periods and regions that are not offered', () => {
    expect(read('period=45&region=9')).toMatchObject({ timePeriod: 0, regionID: 0 });
    expect(read('period=0&region=0')).toMatchObject({ timePeriod: 0, regionID: 0 });
  });

  it('ignores a region for a product that has its own', () => {
    expect(read('region=3', {}, { productRegionID: 7 }).regionID).toBe(0);
  });

  it('keeps a premium product at its base configuration', () => {
    expect(read('memory=8&disk=100&processor=4', { isPremium: true }).configuration).toEqual(base);
  });

  it('keeps a fixed-spec product at its base configuration', () => {
    expect(read('memory=8&disk=100', { serviceType: 'Node Weaver' }).configuration).toEqual(base);
  });
});
