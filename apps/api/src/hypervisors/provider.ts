import type { Database } from '../db/client';
import { MACHINE_STATES } from '@cloud-portal/contract/vms/vm-action-rules';

/**
 * The one interface every hypervisor driver implements (DESIGN.md "Pluggable providers"): what
 * the portal asks of a hypervisor, in our own words and units. Operations are asynchronous at a
 * real hypervisor: a call returns once the hypervisor accepted it, and `status` reports `busy`
 * (`provisioning` for a new machine) until it is done. Vendor states are mapped to `MachineState`
 * inside the driver; vendor errors never leave it except as the two typed errors below.
 */

export { MACHINE_STATES };
export type MachineState = (typeof MACHINE_STATES)[number];

/** At most two disks may be added to a machine (vm-lifecycle.md §9). */
export const MAX_ADDED_DISKS = 2;

export type MachineSpec = {
  name: string;
  /**
   * Names this creation. Asked again with the same key (a retry after a crash or an answer that
   * never arrived), the driver answers the machine the first call made, unless it was deleted,
   * instead of making a second one.
   */
  creationKey?: string;
  /** The OS image the machine is created from, as the product names it. */
  image: string;
  ramGb: number;
  vcpus: number;
  diskGb: number;
};

/** New sizes; a size left out stays as it is. Disks only grow. */
export type MachineResize = { ramGb?: number; vcpus?: number; diskGb?: number };

/** What the hypervisor says a machine is now (the portal keeps its own record; this checks it). */
export type MachineDetails = {
  state: MachineState;
  ramGb: number;
  vcpus: number;
  diskGb: number;
  addedDisksGb: number[];
  privateAddress: string | null;
};

export type AccessDetails = {
  user: string;
  /** A fresh one-time password: shown once, never stored in clear, never logged. */
  password: string;
  consoleUrl: string;
  privateAddress: string | null;
};

/** A backup to bring back: a clone (becomes a machine of its own), a snapshot (rolls its
 * machine's disks back) or an archived machine. */
export type RestoreSource =
  | { kind: 'clone'; uuid: string }
  | { kind: 'snapshot'; snapshotId: string }
  | { kind: 'archive'; uuid: string };

export const REFUSAL_REASONS = [
  /** No such machine (or it was deleted). */
  'missing',
  /** Another operation on the machine is still running. */
  'busy',
  /** The operation needs the machine shut off: the API says 'Virtual machine must be shut off to
   * perform this operation.' */
  'not-shut-off',
  /** The machine is not in a state the operation starts from (start a running machine, …). */
  'invalid-state',
  /** A third added disk (§9). */
  'disk-limit',
  /** Disks cannot shrink. */
  'disk-shrink',
  /** The machine is archived: only restoring or deleting it is possible. */
  'archived',
  /** The request itself is not possible (bad size, a snapshot where a machine is needed, …). */
  'invalid-request',
  /** The hypervisor said no for its own reasons (quota, injected fault). */
  'rejected',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The hypervisor could not be reached or did not answer usably: retry later. */
export class HypervisorUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HypervisorUnavailable';
  }
}

/** The hypervisor refused the operation; retrying the same call will not help. */
export class HypervisorRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'HypervisorRefused';
  }
}

export const isRefusal = (error: unknown, reason?: RefusalReason): error is HypervisorRefused =>
  error instanceof HypervisorRefused && (reason === undefined || error.reason === reason);

/** One company's connection to one hypervisor. */
export interface Hypervisor {
  readonly driverId: string;

  /** Creates and boots a machine; returns its UUID at once (status `provisioning` until it runs). */
  create(spec: MachineSpec): Promise<{ uuid: string }>;
  /** Where the machine stands now; `missing` when it does not exist (or was deleted). */
  status(uuid: string): Promise<MachineState>;
  /** The machine's state and sizes; refused with `missing` when it does not exist. */
  details(uuid: string): Promise<MachineDetails>;
  start(uuid: string): Promise<void>;
  /** Graceful shutdown (ACPI). */
  shutdown(uuid: string): Promise<void>;
  /** Pulls the plug. */
  powerOff(uuid: string): Promise<void>;
  reboot(uuid: string): Promise<void>;
  /** RAM and vCPUs need the machine shut off; the disk may grow while it runs. */
  resize(uuid: string, sizes: MachineResize): Promise<void>;
  /** Adds a disk of `sizeGb`; a third added disk is refused with `disk-limit`. */
  addDisk(uuid: string, sizeGb: number): Promise<void>;
  /** A full copy of the machine (disks and configuration), kept shut off as a backup. */
  clone(uuid: string, name: string): Promise<{ uuid: string }>;
  /** A copy of the disks only (no RAM or running state). */
  snapshot(uuid: string, name: string): Promise<{ snapshotId: string }>;
  /** Moves a shut-off machine to cold storage; only restore or delete may follow. */
  archive(uuid: string): Promise<void>;
  restore(source: RestoreSource): Promise<void>;
  /** Only when shut off (else `not-shut-off`); clones and snapshots are deleted the same way. */
  delete(uuid: string): Promise<void>;
  /** The user, a fresh one-time password and the console URL. */
  accessDetails(uuid: string): Promise<AccessDetails>;
}

/** What the portal gives every driver besides its options. */
export type DriverEnvironment = {
  database: Database;
  companyId: number;
  /** The clock; tests may pass a fake one. */
  now?: () => Date;
};

/**
 * A driver: a static id and a constructor of connections whose options (endpoints, credentials,
 * timings) are validated there, so a bad configuration fails when it is loaded, not mid-operation.
 */
export interface HypervisorDriver<Options = unknown> {
  readonly id: string;
  parseOptions(options: unknown): Options;
  connect(options: unknown, environment: DriverEnvironment): Hypervisor;
}

/** Options that did not validate; the message names the bad fields, never their values. */
export class InvalidHypervisorOptions extends Error {
  constructor(driverId: string, fields: string[]) {
    super(`invalid options for hypervisor driver ${driverId}: ${fields.join(', ') || '(root)'}`);
    this.name = 'InvalidHypervisorOptions';
  }
}
