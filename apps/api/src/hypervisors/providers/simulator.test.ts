import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { companies } from '../../db/schema/company';
import { simulatedMachines } from '../../db/schema/hypervisors';
import { createTestDatabase } from '../../../test/support/test-app';
import {
  describeDriverContract,
  expectRefusal,
  waitForState,
  type DriverHarness,
} from '../../../test/support/driver-contract';
import { InvalidHypervisorOptions, type MachineSpec } from '../provider';
import {
  driverIdForServiceType,
  getDriver,
  SERVICE_TYPE_DRIVERS,
  UnknownHypervisorDriver,
} from '../registry';
import { consolePasswordHash, SimulatorHypervisor } from './simulator';

const SPEC: MachineSpec = { name: 'web-1', image: 'Ubuntu 24.04', ramGb: 2, vcpus: 1, diskGb: 20 };
const OPERATION_MS = 1_000;

let database: DatabaseHandle;
let dispose: () => Promise<void>;
/** The database is shared by the whole file; every use of it gets a company of its own. */
const ready = (async () => {
  ({ database, dispose } = await createTestDatabase());
  await migrateDatabase(database);
})();

async function createCompany(): Promise<number> {
  await ready;
  const slug = `sim-${randomBytes(6).toString('hex')}`;
  const [company] = await database.db
    .insert(companies)
    .values({ slug, name: slug, portalUrl: `https://${slug}.example` })
    .returning({ id: companies.id });
  return company!.id;
}

/** A simulator on a fake clock that moves only when the harness lets time pass. */
async function makeFakeClockSimulator() {
  const companyId = await createCompany();
  let clock = Date.parse('2026-03-01T08:00:00Z');
  const now = () => new Date(clock);
  const simulator = new SimulatorHypervisor(
    { operationMs: OPERATION_MS },
    { database: database.db, companyId, now },
  );
  return {
    companyId,
    now,
    simulator,
    passTime: (ms = OPERATION_MS) => {
      clock += ms;
    },
  };
}

afterAll(async () => {
  await ready;
  await dispose();
});

describeDriverContract('simulator', async (): Promise<DriverHarness> => {
  const { simulator, passTime } = await makeFakeClockSimulator();
  return {
    hypervisor: simulator,
    spec: SPEC,
    passTime: () => passTime(),
    injectFault: (target, reason, mode) => simulator.failNext(target, reason, mode),
  };
});

describe('simulator', () => {
  let fake: Awaited<ReturnType<typeof makeFakeClockSimulator>>;
  beforeAll(async () => {
    fake = await makeFakeClockSimulator();
  });

  it('is provisioning, then busy during each operation, until its time has passed', async () => {
    const { simulator, passTime } = fake;
    const { uuid } = await simulator.create(SPEC);
    expect(await simulator.status(uuid)).toBe('provisioning');
    passTime(OPERATION_MS - 1);
    expect(await simulator.status(uuid)).toBe('provisioning');
    await expectRefusal(simulator.shutdown(uuid), 'busy');
    passTime(1);
    expect(await simulator.status(uuid)).toBe('running');
    await simulator.reboot(uuid);
    expect(await simulator.status(uuid)).toBe('busy');
    await expectRefusal(simulator.powerOff(uuid), 'busy');
    passTime();
    expect(await simulator.status(uuid)).toBe('running');
  });

  it('makes one machine for creates of one key sent side by side', async () => {
    const { simulator, companyId } = fake;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => simulator.create({ ...SPEC, creationKey: 'order-side' })),
    );
    expect(new Set(answers.map((answer) => answer.uuid)).size).toBe(1);
    const rows = await database.db
      .select({ uuid: simulatedMachines.uuid })
      .from(simulatedMachines)
      .where(
        and(
          eq(simulatedMachines.companyId, companyId),
          eq(simulatedMachines.creationKey, 'order-side'),
        ),
      );
    expect(rows).toEqual([{ uuid: answers[0]!.uuid }]);
  });

  it('applies a resize only when the operation completes', async () => {
    const { simulator, passTime } = fake;
    const { uuid } = await simulator.create(SPEC);
    passTime();
    await simulator.resize(uuid, { diskGb: 40 });
    expect(await simulator.details(uuid)).toMatchObject({ state: 'busy', diskGb: 20 });
    passTime();
    expect(await simulator.details(uuid)).toMatchObject({ state: 'running', diskGb: 40 });
  });

  it('loses nothing across a restart: a new instance finishes the operation by the clock', async () => {
    const { simulator, companyId, now, passTime } = fake;
    const { uuid } = await simulator.create(SPEC);
    passTime(OPERATION_MS / 2);
    const restarted = new SimulatorHypervisor(
      { operationMs: 5 * OPERATION_MS },
      { database: database.db, companyId, now },
    );
    expect(await restarted.status(uuid)).toBe('provisioning');
    passTime(OPERATION_MS / 2);
    expect(await restarted.status(uuid)).toBe('running');
  });

  it("keeps each company's machines to itself", async () => {
    const { simulator, passTime } = fake;
    const { uuid } = await simulator.create(SPEC);
    passTime();
    const other = new SimulatorHypervisor(
      {},
      { database: database.db, companyId: await createCompany() },
    );
    expect(await other.status(uuid)).toBe('missing');
    await expectRefusal(other.powerOff(uuid), 'missing');
    await expectRefusal(other.accessDetails(uuid), 'missing');
    await expectRefusal(other.clone(uuid, 'theft'), 'missing');
    await expectRefusal(other.failNext(uuid, 'x'), 'missing');
    expect(await simulator.status(uuid)).toBe('running');
  });

  it('gives every machine a private address unique in its company, freed on deletion', async () => {
    const { simulator, passTime } = fake;
    const created = await Promise.all(Array.from({ length: 12 }, () => simulator.create(SPEC)));
    passTime();
    const addresses = await Promise.all(
      created.map(async ({ uuid }) => (await simulator.details(uuid)).privateAddress),
    );
    for (const address of addresses) expect(address).toMatch(/^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    expect(new Set(addresses).size).toBe(addresses.length);
    const [first] = created;
    await simulator.powerOff(first!.uuid);
    passTime();
    await simulator.delete(first!.uuid);
    passTime();
    expect(await simulator.status(first!.uuid)).toBe('missing');
    const [row] = await database.db
      .select({ privateAddress: simulatedMachines.privateAddress })
      .from(simulatedMachines)
      .where(eq(simulatedMachines.uuid, first!.uuid));
    expect(row!.privateAddress).toBeNull();
  });

  it('keeps only a hash of the one-time password and serves the console under the portal', async () => {
    const { simulator, passTime, companyId } = fake;
    const { uuid } = await simulator.create({ ...SPEC, image: 'Windows Server 2022' });
    passTime();
    const access = await simulator.accessDetails(uuid);
    expect(access.user).toBe('Administrator');
    expect(access.consoleUrl).toBe(`/api/hypervisors/simulator/console/${uuid}`);
    const [row] = await database.db
      .select()
      .from(simulatedMachines)
      .where(and(eq(simulatedMachines.companyId, companyId), eq(simulatedMachines.uuid, uuid)));
    expect(row!.consolePasswordHash).toBe(consolePasswordHash(access.password));
    expect(JSON.stringify(row)).not.toContain(access.password);
  });

  it('refuses sizes out of range and operations a snapshot or a clone cannot take', async () => {
    const { simulator, passTime } = fake;
    await expectRefusal(simulator.create({ ...SPEC, ramGb: 0 }), 'invalid-request');
    await expectRefusal(simulator.create({ ...SPEC, vcpus: 1.5 }), 'invalid-request');
    await expectRefusal(simulator.create({ ...SPEC, name: ' ' }), 'invalid-request');
    const { uuid } = await simulator.create(SPEC);
    passTime();
    await expectRefusal(simulator.addDisk(uuid, -1), 'invalid-request');
    await expectRefusal(simulator.resize(uuid, {}), 'invalid-request');
    const { snapshotId } = await simulator.snapshot(uuid, 'snap');
    const { uuid: clone } = await simulator.clone(uuid, 'clone');
    passTime();
    await expectRefusal(simulator.start(snapshotId), 'invalid-request');
    await expectRefusal(simulator.start(clone), 'invalid-request');
    await expectRefusal(simulator.clone(snapshotId, 'x'), 'invalid-request');
    await expectRefusal(simulator.accessDetails(snapshotId), 'missing');
    await expectRefusal(simulator.restore({ kind: 'snapshot', snapshotId }), 'not-shut-off');
    await simulator.delete(snapshotId);
    passTime();
    expect(await simulator.status(snapshotId)).toBe('missing');
  });

  it('a fault on a clone fails the copy, not the parent', async () => {
    const { simulator, passTime } = fake;
    const { uuid } = await simulator.create(SPEC);
    passTime();
    await simulator.failNext(uuid, 'storage full');
    const { uuid: clone } = await simulator.clone(uuid, 'clone');
    passTime();
    expect(await simulator.status(clone)).toBe('failed');
    expect(await simulator.status(uuid)).toBe('running');
    await simulator.reboot(uuid);
    passTime();
    expect(await simulator.status(uuid)).toBe('running');
  });

  it('runs on the real clock: operationMs 20 completes by polling', async () => {
    const simulator = new SimulatorHypervisor(
      { operationMs: 20 },
      { database: database.db, companyId: await createCompany() },
    );
    const harness: DriverHarness = { hypervisor: simulator, spec: SPEC, timeoutMs: 5_000 };
    const { uuid } = await simulator.create(SPEC);
    await waitForState(harness, uuid, 'running');
    await simulator.shutdown(uuid);
    await waitForState(harness, uuid, 'shutoff');
  });
});

describe('simulator options and registry', () => {
  it('validates options at construction, naming the bad field only', () => {
    const environment = { database: {} as DatabaseHandle['db'], companyId: 1 };
    expect(() => new SimulatorHypervisor({ operationMs: -5 }, environment)).toThrow(
      InvalidHypervisorOptions,
    );
    expect(() => new SimulatorHypervisor({ operationMs: 'fast' }, environment)).toThrow(
      /operationMs/,
    );
    expect(() => new SimulatorHypervisor({ secretKey: 'hunter2' }, environment)).toThrow(
      InvalidHypervisorOptions,
    );
    expect(() => new SimulatorHypervisor({ secretKey: 'hunter2' }, environment)).not.toThrow(
      /hunter2/,
    );
    expect(getDriver('simulator').parseOptions(undefined)).toEqual({ operationMs: 3_000 });
  });

  it('finds drivers by id and by service type, and throws on unknown ones', () => {
    expect(getDriver('simulator').id).toBe('simulator');
    expect(() => getDriver('vmware')).toThrow(UnknownHypervisorDriver);
    expect(() => getDriver('toString')).toThrow(UnknownHypervisorDriver);
    for (const serviceType of ['Proxmox VE', 'Open Nebula', 'Node Weaver', 'Scale Computing']) {
      expect(driverIdForServiceType(serviceType)).toBe('simulator');
    }
    expect(Object.keys(SERVICE_TYPE_DRIVERS)).toHaveLength(4);
    expect(() => driverIdForServiceType('Hyper-V')).toThrow(UnknownHypervisorDriver);
    const environment = { database: {} as DatabaseHandle['db'], companyId: 1 };
    expect(getDriver(driverIdForServiceType('Proxmox VE')).connect({}, environment).driverId).toBe(
      'simulator',
    );
    expect(() =>
      getDriver(driverIdForServiceType('Proxmox VE')).connect({ operationMs: -1 }, environment),
    ).toThrow(InvalidHypervisorOptions);
  });
});
