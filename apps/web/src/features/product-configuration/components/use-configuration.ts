import { useCallback, useMemo, useState } from 'react';
import {
  configurationErrors,
  cpuCountForMemory,
  FIELD_BY_NAME,
  quoteConfiguration,
  type Configuration,
  type PricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type { SpecificationName } from '@cloud-portal/contract/pricing/vm-pricing';
import { snapToStep } from './priced-product';
import type { InitialChoice } from './restore-query';

/**
 * The customer's choice on /productdetails/{id}: the counts, the period (days, 0 = none) and,
 * for a product without a region of its own, the region. The processor follows the memory
 * wherever the dependency table covers it; the local bill follows every change at once.
 */
export function useConfiguration(
  product: PricedProduct,
  productRegionID: number | null,
  initial: InitialChoice,
) {
  const [configuration, setConfiguration] = useState<Configuration>(initial.configuration);
  const [timePeriod, setTimePeriod] = useState(initial.timePeriod);
  const [chosenRegionID, setChosenRegionID] = useState(initial.regionID);

  const setCount = useCallback(
    (name: SpecificationName, value: number) => {
      const line = product.vmSpec.find((candidate) => candidate.specificationName === name);
      if (!line) return;
      const count = snapToStep(line, value);
      setConfiguration((current) => {
        const field = FIELD_BY_NAME[name];
        if (current[field] === count) return current;
        const next = { ...current, [field]: count };
        if (field === 'memory') {
          next.processor = cpuCountForMemory(product.ramCpuDependecy, count) ?? current.processor;
        }
        return next;
      });
    },
    [product],
  );

  const isProcessorLocked =
    cpuCountForMemory(product.ramCpuDependecy, configuration.memory) !== null;
  const errors = useMemo(
    () => configurationErrors(product, configuration),
    [product, configuration],
  );
  const localQuote = useMemo(
    () => quoteConfiguration(product, configuration, timePeriod),
    [product, configuration, timePeriod],
  );

  return {
    configuration,
    timePeriod,
    setTimePeriod,
    /** The region an order would run in: the product's own, else the customer's pick (0 = none). */
    regionID: productRegionID ?? chosenRegionID,
    setRegionID: setChosenRegionID,
    setCount,
    isProcessorLocked,
    errors,
    localQuote,
  };
}
