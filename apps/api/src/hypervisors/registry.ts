import type { HypervisorDriver } from './provider';
import { libvirtDriver } from './providers/libvirt';
import { simulatorDriver } from './providers/simulator';

/**
 * Every driver, by its static id. A real driver (libvirt, Proxmox VE, OpenNebula, Scale
 * Computing) is one file in providers/ implementing `HypervisorDriver`, listed here, and named by
 * the service types it serves in SERVICE_TYPE_DRIVERS; nothing above the interface changes.
 */
const DRIVERS: Record<string, HypervisorDriver> = Object.fromEntries(
  [simulatorDriver, libvirtDriver].map((driver) => [driver.id, driver as HypervisorDriver]),
);

/**
 * The driver a product's service type (vm-lifecycle.md: `serviceType`) runs on by default. Every
 * service type runs on the simulator until its own driver exists; libvirt serves none of them by
 * default: a company opts into it (see `driverIdForCompany`).
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

/**
 * The driver a company's product runs on. A company opts a service type into a real driver by
 * listing it in that driver's saved options (`serviceTypes`, e.g. the libvirt driver's); without
 * such a claim the service type's default applies. `claims` maps a driver id to the service types
 * its saved options list; two drivers claiming one service type is a configuration error.
 */
export function driverIdForCompany(
  serviceType: string,
  claims: Readonly<Record<string, readonly string[]>>,
): string {
  const claiming = Object.entries(claims)
    .filter(([, serviceTypes]) => serviceTypes.includes(serviceType))
    .map(([driverId]) => driverId);
  if (claiming.length > 1) {
    throw new UnknownHypervisorDriver(
      `service type ${serviceType} claimed by ${claiming.join(', ')}`,
    );
  }
  return claiming.length === 1 ? getDriver(claiming[0]!).id : driverIdForServiceType(serviceType);
}
