import { useQuery } from '@tanstack/react-query';
import type {
  TGetVmQuoteRequest,
  TGetVmQuoteResponse,
} from '@cloud-portal/contract/marketplace/get-vm-quote';
import { apiPost } from '@/lib/api-client';

export type VmQuoteRequest = {
  productID: number;
  memory: number;
  disk: number;
  processor: number;
  /** Days; 0 while none is chosen (the 30-day price). */
  timePeriod: number;
};

/** Every quote of every product: refreshed together when the provider's prices changed. */
export const VM_QUOTES_QUERY_ROOT = ['products', 'quote'] as const;

/** POST /api/marketPlace/getVMQuote: the server's Total Value; 400 with data.errors when invalid. */
export function getVmQuote(
  request: VmQuoteRequest,
  signal?: AbortSignal,
): Promise<TGetVmQuoteResponse> {
  const body: TGetVmQuoteRequest = request;
  return apiPost<TGetVmQuoteResponse>('marketPlace/getVMQuote', body, {
    signal,
    authenticated: true,
  });
}

/** The server's quote for a configuration; none is asked for while `request` is null. */
export function useVmQuote(request: VmQuoteRequest | null) {
  return useQuery({
    queryKey: [...VM_QUOTES_QUERY_ROOT, request] as const,
    queryFn: ({ signal }) => getVmQuote(request!, signal),
    enabled: request !== null,
    staleTime: 30_000,
  });
}
