import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companyHypervisors } from '../db/schema/hypervisors';
import { openCredentials, sealCredentials } from '../lib/credentials-cipher';
import type { Hypervisor } from './provider';
import { SIMULATOR_ID } from './providers/simulator';
import { driverIdForCompany, getDriver } from './registry';

/**
 * The connection to the hypervisor a company's product (by its service type) runs on. For a
 * machine that exists, pass the driver it was made on (`virtual_machines.driver`): a company that
 * moves a service type to another driver still reaches its existing machines where they are.
 */
export type HypervisorConnector = (
  serviceType: string,
  companyId: number,
  recordedDriver?: string,
) => Promise<Hypervisor>;

type ConnectorDeps = {
  db: Database;
  /** Opens the sealed driver options (the same key as payment credentials). */
  credentialsKey: Buffer;
  /** The simulator's time per operation when the company set none (SIMULATOR_OPERATION_MS). */
  simulatorOperationMs: number;
  now?: () => Date;
};

/**
 * Connects with the company's saved options for the driver, over the process's defaults. Options
 * are read per call (one primary-key lookup): a change an operator saves applies to the next
 * operation on every process.
 */
export function createHypervisorConnector(deps: ConnectorDeps): HypervisorConnector {
  return async (serviceType, companyId, recordedDriver) => {
    const saved = await loadAllHypervisorOptions(deps.db, deps.credentialsKey, companyId);
    const driverId = recordedDriver
      ? getDriver(recordedDriver).id
      : driverIdForCompany(serviceType, serviceTypeClaims(saved));
    const options = saved[driverId] ?? {};
    const defaults = driverId === SIMULATOR_ID ? { operationMs: deps.simulatorOperationMs } : {};
    return getDriver(driverId).connect(
      { ...defaults, ...options },
      { database: deps.db, companyId, now: deps.now },
    );
  };
}

/**
 * A company opts a service type into a driver by listing it in that driver's saved options
 * (`serviceTypes`); a service type no driver claims runs where the registry says.
 */
function serviceTypeClaims(saved: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(saved).map(([driverId, options]) => [
      driverId,
      Array.isArray(options.serviceTypes)
        ? options.serviceTypes.filter((type): type is string => typeof type === 'string')
        : [],
    ]),
  );
}

/** Every driver's saved options of a company, by driver id (one indexed read). */
export async function loadAllHypervisorOptions(
  db: Database,
  key: Buffer,
  companyId: number,
): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db
    .select({ driver: companyHypervisors.driver, sealedOptions: companyHypervisors.sealedOptions })
    .from(companyHypervisors)
    .where(eq(companyHypervisors.companyId, companyId));
  return Object.fromEntries(rows.map((row) => [row.driver, openOptions(key, row.sealedOptions)]));
}

function openOptions(key: Buffer, sealed: string): Record<string, unknown> {
  return JSON.parse(openCredentials(key, sealed).options ?? '{}') as Record<string, unknown>;
}

/**
 * Saves a company's options for a driver after the driver validated them (a bad configuration
 * fails here, naming the fields, not at the next operation). Sealed: they hold credentials.
 */
export async function saveHypervisorOptions(
  db: Database,
  key: Buffer,
  companyId: number,
  driverId: string,
  options: Record<string, unknown>,
): Promise<void> {
  getDriver(driverId).parseOptions(options);
  const sealedOptions = sealCredentials(key, { options: JSON.stringify(options) });
  await db
    .insert(companyHypervisors)
    .values({ companyId, driver: driverId, sealedOptions })
    .onConflictDoUpdate({
      target: [companyHypervisors.companyId, companyHypervisors.driver],
      set: { sealedOptions, updatedAt: new Date() },
    });
}
