import type { DriverEnvironment, Hypervisor, HypervisorDriver } from './provider';
import { simulatorDriver } from './providers/simulator';

/**
 * Every driver, by its static id. A real driver (libvirt, Proxmox VE, OpenNebula, Scale
 * Computing) is one file in providers/ implementing `HypervisorDriver`, listed here, and named by
 * the service types it serves in SERVICE_TYPE_DRIVERS; nothing above the interface changes.
 */
const DRIVERS: Record<string, HypervisorDriver> = Object.fromEntries(
  [simulatorDriver].map((driver) => [driver.id, driver as HypervisorDriver]),
);

/**
 * The driver a product's service type (vm-lifecycle.md: `serviceType`) runs on. Only the
 * simulator exists yet, so every service type runs on it until its real driver is listed.
 */
export const SERVICE_TYPE_DRIVERS: Readonly<Record<string, string>> = {
  'Proxmox VE': 'simulator',
  'Open Nebula': 'simulator',
  'Node Weaver': 'simulator',
  'Scale Computing': 'simulator',
};

export class UnknownHypervisorDriver extends Error {
  constructor(what: string) {
    super(`unknown hypervisor driver: ${what}`);
    this.name = 'UnknownHypervisorDriver';
  }
}

export function listDriverIds(): string[] {
  return Object.keys(DRIVERS);
}

export function getDriver(id: string): HypervisorDriver {
  const driver = Object.hasOwn(DRIVERS, id) ? DRIVERS[id] : undefined;
  if (!driver) throw new UnknownHypervisorDriver(id);
  return driver;
}

export function driverIdForServiceType(serviceType: string): string {
  const id = Object.hasOwn(SERVICE_TYPE_DRIVERS, serviceType)
    ? SERVICE_TYPE_DRIVERS[serviceType]
    : undefined;
  if (!id) throw new UnknownHypervisorDriver(`service type ${serviceType}`);
  return getDriver(id).id;
}

/** A connection to the hypervisor a service type runs on; its options are validated here. */
export function connectHypervisor(
  serviceType: string,
  options: unknown,
  environment: DriverEnvironment,
): Hypervisor {
  return getDriver(driverIdForServiceType(serviceType)).connect(options, environment);
}
