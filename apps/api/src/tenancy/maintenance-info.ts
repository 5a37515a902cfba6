import type { TMaintenanceInfo } from '@cloud-portal/contract/company/get-company-configuration';
import type { Company } from './company-directory';

export function toMaintenanceInfo(company: Company): TMaintenanceInfo {
  return {
    companyName: company.name,
    imagePath: company.logoPath,
    maintenanceModeMsg: company.maintenanceMessage,
    maintenanceModeRedirect: company.maintenanceRedirectUrl,
  };
}
