import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companyHypervisors } from '../db/schema/hypervisors';
import { openCredentials, sealCredentials } from '../payments/credentials-cipher';
import type { Hypervisor } from './provider';
import { SIMULATOR_ID } from './providers/simulator';
import { driverIdForServiceType, getDriver } from './registry';

/** The connection to the hypervisor a company's product (by its service type) runs on. */
export type HypervisorConnector = (serviceType: string, companyId: number) => Promise<Hypervisor>;

export type ConnectorDeps = {
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
  return async (serviceType, companyId) => {
    const driverId = driverIdForServiceType(serviceType);
    const saved = await loadHypervisorOptions(deps.db, deps.credentialsKey, companyId, driverId);
    const defaults = driverId === SIMULATOR_ID ? { operationMs: deps.simulatorOperationMs } : {};
    return getDriver(driverId).connect(
      { ...defaults, ...saved },
      { database: deps.db, companyId, now: deps.now },
    );
  };
}

export async function loadHypervisorOptions(
  db: Database,
  key: Buffer,
  companyId: number,
  driverId: string,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ sealedOptions: companyHypervisors.sealedOptions })
    .from(companyHypervisors)
    .where(and(eq(companyHypervisors.companyId, companyId), eq(companyHypervisors.driver, driverId)));
  if (!row) return {};
  return JSON.parse(openCredentials(key, row.sealedOptions).options ?? '{}') as Record<
    string,
    unknown
  >;
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
