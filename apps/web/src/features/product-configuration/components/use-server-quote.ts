import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Configuration, Quote } from '@cloud-portal/contract/marketplace/configuration-rules';
import { useVmQuote, type VmQuoteRequest } from '../api/get-vm-quote';

/** How long the sliders must rest before the server is asked to confirm the bill. */
const QUOTE_DEBOUNCE_MS = 300;

const isSameRequest = (a: VmQuoteRequest | null, b: VmQuoteRequest | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.productID === b.productID &&
    a.memory === b.memory &&
    a.disk === b.disk &&
    a.processor === b.processor &&
    a.timePeriod === b.timePeriod);

type Input = {
  productID: number;
  configuration: Configuration;
  timePeriod: number;
  /** The bill computed here, shown until the server's arrives. */
  localQuote: Quote;
  /** False when the rules already refuse the configuration: the server is not asked. */
  isValid: boolean;
};

/**
 * The bill to show: the server's for the current choice once it has answered, else the local
 * one. The server is asked QUOTE_DEBOUNCE_MS after the last change; an answer for an earlier
 * choice is never shown for a later one.
 */
export function useServerQuote({
  productID,
  configuration,
  timePeriod,
  localQuote,
  isValid,
}: Input) {
  const { memory, disk, processor } = configuration;
  const request = useMemo<VmQuoteRequest | null>(
    () => (isValid ? { productID, memory, disk, processor, timePeriod } : null),
    [isValid, productID, memory, disk, processor, timePeriod],
  );
  const [settledRequest] = useDebouncedValue(request, QUOTE_DEBOUNCE_MS);
  const query = useVmQuote(settledRequest);
  const isSettled = isSameRequest(request, settledRequest);
  const serverQuote = isSettled && query.isSuccess ? query.data : null;

  return {
    quote: serverQuote ?? localQuote,
    serverQuote,
    isChecking: request !== null && (!isSettled || query.isFetching),
    /** The provider's prices differ from the ones this page loaded. */
    isUpdatedByProvider:
      serverQuote !== null && serverQuote.totalPayable !== localQuote.totalPayable,
    error: isSettled && query.isError ? query.error : null,
    refetch: query.refetch,
  };
}
