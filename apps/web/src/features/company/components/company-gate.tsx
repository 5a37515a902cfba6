import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isCompanyConfigurationComplete } from '@cloud-portal/contract/company/company-rules';
import { CompanyConfigurationContext } from '@/lib/company-configuration-context';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorToast } from '@/lib/notify';
import { applyCompanyDefaultLanguage } from '@/i18n/i18n';
import {
  getMaintenanceInfo,
  isCompanyNotRegistered,
  useCompanyConfigurationQuery,
} from '../api/get-company-configuration';
import { CompanyLoadFailed } from './company-load-failed';

export const COMPANY_NOT_REGISTERED_PATH = '/companynotregisteryet';
export const MAINTENANCE_PATH = '/undermaintenanceMode';

/**
 * portal.md §4, the start-up flow: the site shows only for a company whose configuration is
 * complete; an unknown origin or missing details lead to the not-registered page, maintenance to
 * the maintenance page. While the first answer is awaited the global overlay covers the page.
 */
export function CompanyGate() {
  const { t } = useTranslation();
  const { data: configuration, error, refetch, isRefetching } = useCompanyConfigurationQuery();

  const isRedirectingError =
    error !== null && (getMaintenanceInfo(error) !== null || isCompanyNotRegistered(error));

  useEffect(() => {
    if (error && !isRedirectingError) {
      showErrorToast({ id: 'company-configuration', message: getErrorMessage(error, t) });
    }
  }, [error, isRedirectingError, t]);

  useEffect(() => {
    if (configuration) applyCompanyDefaultLanguage(configuration.defaultLanguage);
  }, [configuration]);

  if (getMaintenanceInfo(error) !== null) return <Navigate to={MAINTENANCE_PATH} replace />;
  if (isCompanyNotRegistered(error)) return <Navigate to={COMPANY_NOT_REGISTERED_PATH} replace />;
  if (configuration) {
    if (!isCompanyConfigurationComplete(configuration)) {
      return <Navigate to={COMPANY_NOT_REGISTERED_PATH} replace />;
    }
    return (
      <CompanyConfigurationContext value={configuration}>
        <Outlet />
      </CompanyConfigurationContext>
    );
  }
  if (error) {
    return (
      <CompanyLoadFailed
        message={getErrorMessage(error, t)}
        onRetry={() => void refetch()}
        isRetrying={isRefetching}
      />
    );
  }
  return null;
}
