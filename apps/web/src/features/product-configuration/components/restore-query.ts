import {
  baseConfiguration,
  configurationErrors,
  cpuCountForMemory,
  type Configuration,
  type PricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
// Relative: the unit tests run without Vite's '@' alias.
import { readProductDetailsQuery } from '../../../lib/product-details-link';

/** What /productdetails/{id} opens with: a configuration, a period (days, 0 = none), a region. */
export type InitialChoice = {
  configuration: Configuration;
  timePeriod: number;
  /** The customer's pick for a product without a region of its own; 0 = none. */
  regionID: number;
};

/** The choices a product offers besides its counts. */
export type Offer = {
  timePeriods: readonly number[];
  /** The product's own region, or null when the customer picks one of `regions`. */
  productRegionID: number | null;
  regions: readonly number[];
};

/**
 * The configuration to restore from `?memory=&disk=&processor=&period=&region=` (Saved Items'
 * View): each value the product offers is kept, anything else falls back to the base
 * configuration. The processor follows the memory wherever the dependency table says so.
 */
export function readInitialChoice(
  params: URLSearchParams,
  product: PricedProduct,
  offer: Offer,
): InitialChoice {
  const base = baseConfiguration(product);
  const { memory, disk, processor, period, region } = readProductDetailsQuery(params);

  const followMemory = (memoryCount: number, otherwise: number): number =>
    cpuCountForMemory(product.ramCpuDependecy, memoryCount) ?? otherwise;
  const errorFields = (choice: Configuration) =>
    new Set(configurationErrors(product, choice).map((error) => error.field));

  const asked: Configuration = {
    memory: memory ?? base.memory,
    disk: disk ?? base.disk,
    processor: followMemory(memory ?? base.memory, processor ?? base.processor),
  };
  let configuration = asked;
  const wrong = errorFields(asked);
  if (wrong.size > 0) {
    const kept = {
      memory: wrong.has('memory') ? base.memory : asked.memory,
      disk: wrong.has('disk') ? base.disk : asked.disk,
    };
    configuration = {
      ...kept,
      processor: followMemory(
        kept.memory,
        wrong.has('processor') ? base.processor : asked.processor,
      ),
    };
    if (errorFields(configuration).size > 0) configuration = base;
  }

  return {
    configuration,
    timePeriod: period !== null && offer.timePeriods.includes(period) ? period : 0,
    regionID:
      offer.productRegionID === null && region !== null && offer.regions.includes(region)
        ? region
        : 0,
  };
}
