import { HypervisorRefused, type MachineResize, type MachineSpec } from './provider';

/**
 * What every driver refuses before it asks its hypervisor anything: a nameless machine, one
 * without an image, and sizes no hypervisor of ours takes.
 */

const LIMITS = { ramGb: 4_096, vcpus: 512, diskGb: 65_536, nameLength: 200 } as const;

function checkSize(value: number | undefined, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new HypervisorRefused('invalid-request', 'size out of range');
  }
}

export function checkName(name: string): void {
  if (name.trim() === '' || name.length > LIMITS.nameLength) {
    throw new HypervisorRefused('invalid-request', 'bad name');
  }
}

export function checkSpec(spec: MachineSpec): void {
  checkName(spec.name);
  if (spec.image.trim() === '') throw new HypervisorRefused('invalid-request', 'no image');
  checkSize(spec.ramGb, LIMITS.ramGb);
  checkSize(spec.vcpus, LIMITS.vcpus);
  checkSize(spec.diskGb, LIMITS.diskGb);
}

export function checkResize(sizes: MachineResize): void {
  checkSize(sizes.ramGb, LIMITS.ramGb);
  checkSize(sizes.vcpus, LIMITS.vcpus);
  checkSize(sizes.diskGb, LIMITS.diskGb);
  if (sizes.ramGb === undefined && sizes.vcpus === undefined && sizes.diskGb === undefined) {
    throw new HypervisorRefused('invalid-request', 'nothing to resize');
  }
}

export function checkDiskSize(sizeGb: number): void {
  checkSize(sizeGb, LIMITS.diskGb);
}

/** The login user of an image, as its cloud image ships it. */
export function loginUserOf(image: string): string {
  const name = image.toLowerCase();
  if (name.includes('windows')) return 'Administrator';
  if (name.includes('ubuntu')) return 'ubuntu';
  if (name.includes('centos')) return 'centos';
  if (name.includes('red hat') || name.includes('rhel')) return 'cloud-user';
  if (name.includes('debian')) return 'debian';
  return 'root';
}
