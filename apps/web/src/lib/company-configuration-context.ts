import { createContext, useContext } from 'react';
import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';

/**
 * The configuration of the company this origin belongs to. The company gate (features/company)
 * loads it and provides it only once it is complete, so every page below the gate can rely on it.
 */
export const CompanyConfigurationContext = createContext<TCompanyConfiguration | null>(null);

export function useCompanyConfiguration(): TCompanyConfiguration {
  const configuration = useContext(CompanyConfigurationContext);
  if (configuration === null) {
    throw new Error('useCompanyConfiguration() is used outside the company gate.');
  }
  return configuration;
}
