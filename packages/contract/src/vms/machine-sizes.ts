import type { Configuration } from '../marketplace/configuration-rules';
import type { SpecificationName } from '../pricing/vm-pricing';

/**
 * A machine's sizes (ADR 019, issue 25): its RAM GB, vCPUs, its own disk GB and the GB of each
 * disk its Disk updates added. Whatever shows or bills a machine's size — the Products and Backup
 * tabs, Update, Renew and multi-renew, Clone and Snapshot, and the orders placed from them —
 * reads it through these functions, so every screen and every bill says the same. Zod-free: the
 * browser imports it.
 */
export type MachineSizes = {
  ramGb: number;
  vcpus: number;
  /** The machine's own disk (the one a RAM/CPU update may grow). */
  diskGb: number;
  /** The disks added by Disk updates, oldest first (at most two, §9). */
  addedDisksGb: readonly number[];
};

/** The GB of disk the machine has: its own disk and every added disk. */
export function totalDiskGb(sizes: Pick<MachineSizes, 'diskGb' | 'addedDisksGb'>): number {
  return sizes.addedDisksGb.reduce((sum, size) => sum + size, sizes.diskGb);
}

/** The size a line of the machine's product is shown and billed at (Disk: all its disks). */
export function machineLineSize(sizes: MachineSizes, name: SpecificationName): number {
  if (name === 'Memory') return sizes.ramGb;
  if (name === 'Processor') return sizes.vcpus;
  return totalDiskGb(sizes);
}

/** The machine as a configuration of its product: what its period costs (Disk: all its disks). */
export function machineConfiguration(sizes: MachineSizes): Configuration {
  return {
    memory: machineLineSize(sizes, 'Memory'),
    disk: machineLineSize(sizes, 'Disk'),
    processor: machineLineSize(sizes, 'Processor'),
  };
}
