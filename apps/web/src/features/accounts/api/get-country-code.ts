import { useQuery } from '@tanstack/react-query';
import type { TGetCountryCodeResponse } from '@cloud-portal/contract/company/get-country-code';
import { apiGet } from '@/lib/api-client';

/** GET /api/getCountryCode: countries with dialling code and mobile number lengths (sign-up). */
export function getCountryCode(signal?: AbortSignal): Promise<TGetCountryCodeResponse> {
  return apiGet<TGetCountryCodeResponse>('getCountryCode', { signal });
}

export function useCountryCode() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => getCountryCode(signal),
    staleTime: 60 * 60_000,
  });
}
