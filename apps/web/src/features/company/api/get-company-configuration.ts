import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TCompanyConfiguration,
  TGetCompanyConfigurationRequest,
  TMaintenanceInfo,
} from '@cloud-portal/contract/company/get-company-configuration';
import { STATUS_MAINTENANCE } from '@cloud-portal/contract/envelope';
import { apiPost, isApiError } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

/** POST /api/getCompanyConfiguration: which company this origin is, and how it is branded. */
export function getCompanyConfiguration(signal?: AbortSignal): Promise<TCompanyConfiguration> {
  const body: TGetCompanyConfigurationRequest = { customerUrl: getSiteOrigin() };
  return apiPost<TCompanyConfiguration>('getCompanyConfiguration', body, { signal });
}

export function companyConfigurationQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'configuration'],
    queryFn: ({ signal }) => getCompanyConfiguration(signal),
    staleTime: 5 * 60_000,
    // An unknown origin or maintenance is an answer: a page that mounts later reads it as it is.
    retryOnMount: false,
    meta: { blocking: true },
  });
}

type Options = { refetchInterval?: number | false };

export function useCompanyConfigurationQuery({ refetchInterval = false }: Options = {}) {
  return useQuery({ ...companyConfigurationQueryOptions(), refetchInterval });
}

/** HTTP 503 with status 300: the company is in maintenance; `data` brands the maintenance page. */
export function getMaintenanceInfo(error: unknown): TMaintenanceInfo | null {
  if (!isApiError(error) || error.status !== STATUS_MAINTENANCE) return null;
  const data = (error.data ?? {}) as Partial<TMaintenanceInfo>;
  return {
    companyName: typeof data.companyName === 'string' ? data.companyName : '',
    imagePath: typeof data.imagePath === 'string' ? data.imagePath : null,
    maintenanceModeMsg:
      typeof data.maintenanceModeMsg === 'string' ? data.maintenanceModeMsg : null,
    maintenanceModeRedirect:
      typeof data.maintenanceModeRedirect === 'string' ? data.maintenanceModeRedirect : null,
  };
}

/** HTTP 404: no company answers for this origin ('Company not registered yet'). */
export function isCompanyNotRegistered(error: unknown): boolean {
  return isApiError(error) && error.httpStatus === 404;
}
