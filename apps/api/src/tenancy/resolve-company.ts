import type { FastifyRequest } from 'fastify';
import { messages } from '@cloud-portal/contract/validation/messages';
import { STATUS_MAINTENANCE } from '@cloud-portal/contract/envelope';
import { AppError } from '../errors';
import type { Company, CompanyDirectory } from './company-directory';
import { requestOrigin } from './request-origin';
import { toMaintenanceInfo } from './maintenance-info';

/**
 * The company a public call is for. Unknown origin: 404 'Company not registered yet'.
 * A company in maintenance answers status 300 (HTTP 503) on every call.
 */
export async function resolveCompany(
  directory: Pick<CompanyDirectory, 'findByOrigin'>,
  request: FastifyRequest,
  namedOrigin?: string,
): Promise<Company> {
  const origin = requestOrigin(request, namedOrigin);
  const company = origin ? await directory.findByOrigin(origin) : null;
  if (!company) throw new AppError(404, messages.companyNotRegistered);
  if (company.isInMaintenance) {
    throw new AppError(
      STATUS_MAINTENANCE,
      company.maintenanceMessage ?? messages.companyInMaintenance,
      toMaintenanceInfo(company),
    );
  }
  return company;
}
