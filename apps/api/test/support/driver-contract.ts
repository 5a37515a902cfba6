import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  MAX_ADDED_DISKS,
  type Hypervisor,
  type MachineSpec,
  type MachineState,
  type RefusalReason,
} from '../../src/hypervisors/provider';
import type { FaultMode } from '../../src/hypervisors/providers/simulator';

/**
 * The behaviour every hypervisor driver must show, as one vitest suite: a driver's test file calls
 * `describeDriverContract('libvirt', makeLibvirtHarness)` and passes it against a real endpoint.
 */

export type DriverHarness = {
  hypervisor: Hypervisor;
  /** A machine the driver can create (an image it has). */
  spec: MachineSpec;
  /** Lets time pass for drivers on a fake clock; real drivers leave it out. */
  passTime?: () => void;
  /** Drivers that can be told to fail (the simulator); the failure cases are skipped otherwise. */
  injectFault?: (target: string, reason: string, mode: FaultMode) => Promise<void>;
  /** How long one operation may take before a wait gives up. */
  timeoutMs?: number;
  /**
   * Operations the hypervisor under test cannot do, each with why (libvirt's test driver has no
   * volume resize). The contract then expects them refused with 'rejected' (unsupported) instead
   * of done, and leaves out the checks that depend on them.
   */
  gaps?: { diskResize?: string };
  dispose?: () => Promise<void>;
};

export async function waitForState(
  harness: DriverHarness,
  uuid: string,
  expected: MachineState,
): Promise<void> {
  const deadline = Date.now() + (harness.timeoutMs ?? 10_000);
  let state = await harness.hypervisor.status(uuid);
  while (state !== expected) {
    if (Date.now() > deadline) {
      throw new Error(`machine ${uuid} is ${state}, still not ${expected}`);
    }
    harness.passTime?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
    state = await harness.hypervisor.status(uuid);
  }
}

export async function expectRefusal(call: Promise<unknown>, reason: RefusalReason): Promise<void> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HypervisorRefused);
  expect((error as HypervisorRefused).reason).toBe(reason);
}

export function describeDriverContract(
  name: string,
  makeDriver: () => Promise<DriverHarness>,
): void {
  describe(`hypervisor driver contract: ${name}`, () => {
    let harness: DriverHarness;
    let hypervisor: Hypervisor;

    beforeAll(async () => {
      harness = await makeDriver();
      hypervisor = harness.hypervisor;
    });
    afterAll(async () => {
      await harness?.dispose?.();
    });

    const running = async (spec: Partial<MachineSpec> = {}) => {
      const { uuid } = await hypervisor.create({ ...harness.spec, ...spec });
      await waitForState(harness, uuid, 'running');
      return uuid;
    };
    const shutOff = async () => {
      const uuid = await running();
      await hypervisor.powerOff(uuid);
      await waitForState(harness, uuid, 'shutoff');
      return uuid;
    };

    it('creates a machine that provisions, then runs with the sizes asked for', async () => {
      const { uuid } = await hypervisor.create(harness.spec);
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/i);
      expect(['provisioning', 'running']).toContain(await hypervisor.status(uuid));
      await waitForState(harness, uuid, 'running');
      const details = await hypervisor.details(uuid);
      expect(details).toMatchObject({
        state: 'running',
        ramGb: harness.spec.ramGb,
        vcpus: harness.spec.vcpus,
        diskGb: harness.spec.diskGb,
        addedDisksGb: [],
      });
    });

    it('shuts down, starts, reboots and powers off', async () => {
      const uuid = await running();
      await expectRefusal(hypervisor.start(uuid), 'invalid-state');
      await hypervisor.shutdown(uuid);
      await waitForState(harness, uuid, 'shutoff');
      await expectRefusal(hypervisor.reboot(uuid), 'invalid-state');
      await hypervisor.start(uuid);
      await waitForState(harness, uuid, 'running');
      await hypervisor.reboot(uuid);
      await waitForState(harness, uuid, 'running');
      await hypervisor.powerOff(uuid);
      await waitForState(harness, uuid, 'shutoff');
    });

    it('resizes RAM and vCPUs only when shut off, and never shrinks a disk', async () => {
      const uuid = await running();
      await expectRefusal(
        hypervisor.resize(uuid, { ramGb: harness.spec.ramGb + 1 }),
        'not-shut-off',
      );
      await hypervisor.powerOff(uuid);
      await waitForState(harness, uuid, 'shutoff');
      const diskGrowth = harness.gaps?.diskResize ? 0 : 5;
      if (harness.gaps?.diskResize) {
        await expectRefusal(
          hypervisor.resize(uuid, { diskGb: harness.spec.diskGb + 5 }),
          'rejected',
        );
      }
      await hypervisor.resize(uuid, {
        ramGb: harness.spec.ramGb + 1,
        vcpus: harness.spec.vcpus + 1,
        ...(diskGrowth > 0 ? { diskGb: harness.spec.diskGb + diskGrowth } : {}),
      });
      await waitForState(harness, uuid, 'shutoff');
      expect(await hypervisor.details(uuid)).toMatchObject({
        ramGb: harness.spec.ramGb + 1,
        vcpus: harness.spec.vcpus + 1,
        diskGb: harness.spec.diskGb + diskGrowth,
      });
      await expectRefusal(
        hypervisor.resize(uuid, { diskGb: harness.spec.diskGb + diskGrowth - 1 }),
        'disk-shrink',
      );
    });

    it(`adds at most ${MAX_ADDED_DISKS} disks`, async () => {
      const uuid = await running();
      await hypervisor.addDisk(uuid, 10);
      await waitForState(harness, uuid, 'running');
      await hypervisor.addDisk(uuid, 20);
      await waitForState(harness, uuid, 'running');
      await expectRefusal(hypervisor.addDisk(uuid, 30), 'disk-limit');
      expect((await hypervisor.details(uuid)).addedDisksGb).toEqual([10, 20]);
    });

    it('clones a machine into a new one, which restores into a running machine', async () => {
      const parent = await running();
      await hypervisor.addDisk(parent, 10);
      await waitForState(harness, parent, 'running');
      const { uuid: clone } = await hypervisor.clone(parent, 'backup of parent');
      expect(clone).not.toBe(parent);
      await waitForState(harness, clone, 'shutoff');
      const [parentDetails, cloneDetails] = await Promise.all([
        hypervisor.details(parent),
        hypervisor.details(clone),
      ]);
      expect(cloneDetails).toMatchObject({
        ramGb: parentDetails.ramGb,
        vcpus: parentDetails.vcpus,
        diskGb: parentDetails.diskGb,
        addedDisksGb: [10],
      });
      expect(cloneDetails.privateAddress).not.toBe(parentDetails.privateAddress);
      await hypervisor.restore({ kind: 'clone', uuid: clone });
      await waitForState(harness, clone, 'running');
      expect(await hypervisor.status(parent)).toBe('running');
    });

    it('snapshots the disks and rolls them back on restore', async () => {
      const uuid = await shutOff();
      const { snapshotId } = await hypervisor.snapshot(uuid, 'before the upgrade');
      await waitForState(harness, snapshotId, 'shutoff');
      if (!harness.gaps?.diskResize) {
        await hypervisor.resize(uuid, { diskGb: harness.spec.diskGb + 10 });
        await waitForState(harness, uuid, 'shutoff');
      }
      await hypervisor.addDisk(uuid, 15);
      await waitForState(harness, uuid, 'shutoff');
      await hypervisor.restore({ kind: 'snapshot', snapshotId });
      await waitForState(harness, uuid, 'shutoff');
      expect(await hypervisor.details(uuid)).toMatchObject({
        diskGb: harness.spec.diskGb,
        addedDisksGb: [],
      });
    });

    it('archives a shut-off machine and restores it', async () => {
      const uuid = await shutOff();
      await hypervisor.archive(uuid);
      await waitForState(harness, uuid, 'shutoff');
      await expectRefusal(hypervisor.start(uuid), 'archived');
      await hypervisor.restore({ kind: 'archive', uuid });
      await waitForState(harness, uuid, 'shutoff');
      await hypervisor.start(uuid);
      await waitForState(harness, uuid, 'running');
    });

    it('deletes only a shut-off machine; a deleted machine is missing', async () => {
      const uuid = await running();
      await expectRefusal(hypervisor.delete(uuid), 'not-shut-off');
      expect(await hypervisor.status(uuid)).toBe('running');
      await hypervisor.powerOff(uuid);
      await waitForState(harness, uuid, 'shutoff');
      await hypervisor.delete(uuid);
      await waitForState(harness, uuid, 'missing');
      await expectRefusal(hypervisor.start(uuid), 'missing');
      await expectRefusal(hypervisor.details(uuid), 'missing');
    });

    it('makes one machine for a creation asked again with its key, and a new one once it is deleted', async () => {
      const creationKey = `order-${Date.now()}-${Math.random()}`;
      const { uuid } = await hypervisor.create({ ...harness.spec, creationKey });
      const again = await hypervisor.create({ ...harness.spec, creationKey });
      expect(again.uuid).toBe(uuid);
      await waitForState(harness, uuid, 'running');
      expect((await hypervisor.create({ ...harness.spec, creationKey })).uuid).toBe(uuid);
      // Another key, or none, is another machine.
      const other = await hypervisor.create({ ...harness.spec, creationKey: `${creationKey}-2` });
      expect(other.uuid).not.toBe(uuid);

      await hypervisor.powerOff(uuid);
      await waitForState(harness, uuid, 'shutoff');
      await hypervisor.delete(uuid);
      await waitForState(harness, uuid, 'missing');
      const remade = await hypervisor.create({ ...harness.spec, creationKey });
      expect(remade.uuid).not.toBe(uuid);
      await waitForState(harness, remade.uuid, 'running');
    });

    it('reports unknown machines as missing', async () => {
      expect(await hypervisor.status('00000000-0000-4000-8000-000000000000')).toBe('missing');
      expect(await hypervisor.status('not-a-uuid')).toBe('missing');
      await expectRefusal(hypervisor.start('not-a-uuid'), 'missing');
    });

    it('gives access details with a fresh one-time password each time', async () => {
      const uuid = await running();
      const first = await hypervisor.accessDetails(uuid);
      const second = await hypervisor.accessDetails(uuid);
      expect(first.user).not.toBe('');
      expect(first.password.length).toBeGreaterThanOrEqual(12);
      expect(second.password).not.toBe(first.password);
      expect(first.consoleUrl).toContain(uuid);
    });

    it('decides concurrent power operations once', async () => {
      const uuid = await shutOff();
      const starts = await Promise.allSettled(
        Array.from({ length: 6 }, () => hypervisor.start(uuid)),
      );
      expect(starts.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of starts) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(HypervisorRefused);
      }
      await waitForState(harness, uuid, 'running');
      const stops = await Promise.allSettled([
        hypervisor.shutdown(uuid),
        hypervisor.powerOff(uuid),
        hypervisor.shutdown(uuid),
        hypervisor.powerOff(uuid),
      ]);
      expect(stops.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      await waitForState(harness, uuid, 'shutoff');
    });

    describe('injected faults', () => {
      const inject = (target: string, reason: string, mode: FaultMode) => {
        if (!harness.injectFault) throw new Error('driver cannot inject faults');
        return harness.injectFault(target, reason, mode);
      };

      it('a failed creation ends failed, and can be powered off and deleted', async (context) => {
        if (!harness.injectFault) context.skip();
        await inject('create', 'out of capacity', 'fail');
        const { uuid } = await hypervisor.create(harness.spec);
        await waitForState(harness, uuid, 'failed');
        await hypervisor.delete(uuid);
        await waitForState(harness, uuid, 'missing');
        const next = await running();
        expect(await hypervisor.status(next)).toBe('running');
      });

      it('a refused or unreachable operation throws its typed error once', async (context) => {
        if (!harness.injectFault) context.skip();
        const uuid = await running();
        await inject(uuid, 'quota exceeded', 'refuse');
        await expectRefusal(hypervisor.reboot(uuid), 'rejected');
        await inject(uuid, 'network down', 'unavailable');
        await expect(hypervisor.reboot(uuid)).rejects.toBeInstanceOf(HypervisorUnavailable);
        await inject('create', 'network down', 'unavailable');
        await expect(hypervisor.create(harness.spec)).rejects.toBeInstanceOf(HypervisorUnavailable);
        await hypervisor.reboot(uuid);
        await waitForState(harness, uuid, 'running');
      });

      it('an accepted operation that fails leaves the machine failed until powered off', async (context) => {
        if (!harness.injectFault) context.skip();
        const uuid = await running();
        await inject(uuid, 'kernel panic', 'fail');
        await hypervisor.reboot(uuid);
        await waitForState(harness, uuid, 'failed');
        await expectRefusal(hypervisor.start(uuid), 'invalid-state');
        await hypervisor.powerOff(uuid);
        await waitForState(harness, uuid, 'shutoff');
        await hypervisor.start(uuid);
        await waitForState(harness, uuid, 'running');
      });
    });
  });
}
