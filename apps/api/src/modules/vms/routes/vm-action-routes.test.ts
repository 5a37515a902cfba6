import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-actions';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import { post } from '../../../../test/support/accounts';
import {
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { simulatedMachines } from '../../../db/schema/hypervisors';
import { orders } from '../../../db/schema/orders';
import { publicAddresses, virtualMachines } from '../../../db/schema/virtual-machines';
import { saveHypervisorOptions } from '../../../hypervisors/company-hypervisors';
import { consolePasswordHash, SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { resolveCredentialsKey } from '../../../lib/credentials-key';
import { blockedMessage } from '../queries/own-vm';

const OPERATION_MS = 50;

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;
let nextReference = 0;

const simulatorOf = (companyId: number, operationMs = OPERATION_MS) =>
  new SimulatorHypervisor({ operationMs }, { database: t.database.db, companyId });

/** Polls (never a fixed sleep) until `check` holds, for at most five seconds. */
async function waitFor<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type VmSeed = {
  status?: 'running' | 'shutoff' | 'expired' | 'archived' | 'provisioning' | 'failed';
  isBlocked?: boolean;
  publicAddress?: string;
};

/**
 * A paid order, a machine really created on the simulator and brought to the wanted state, and
 * the VM row the provisioning job would have left for it.
 */
async function makeVm(customer: Customer, seed: VmSeed = {}) {
  const db = t.database.db;
  const simulator = simulatorOf(customer.companyId);
  const { uuid } = await simulator.create({
    name: `vm ${++nextReference}`,
    image: 'Ubuntu 24.04',
    ramGb: 2,
    vcpus: 1,
    diskGb: 20,
  });
  await waitFor(
    () => simulator.status(uuid),
    (state) => state === 'running',
  );
  const wanted = seed.status ?? 'running';
  if (['shutoff', 'expired', 'archived'].includes(wanted)) {
    await simulator.powerOff(uuid);
    await waitFor(
      () => simulator.status(uuid),
      (state) => state === 'shutoff',
    );
  }
  if (wanted === 'archived') {
    await simulator.archive(uuid);
    await waitFor(
      () => simulator.status(uuid),
      (state) => state === 'shutoff',
    );
  }
  const [order] = await db
    .insert(orders)
    .values({
      reference: `VMA-${customer.id}-${nextReference}`,
      companyId: customer.companyId,
      customerId: customer.id,
      kind: 1,
      status: 'paid',
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 10_000,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: 10_000,
      taxBasisPoints: 1500,
      taxBasis: 'beforeDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 10_000,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu 24.04',
      lines: [],
      periodDays: 30,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: orders.id });
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: customer.companyId,
      customerId: customer.id,
      orderId: order!.id,
      name: `vm-${nextReference}`,
      operatingSystem: 'Ubuntu 24.04',
      serviceType: 'Proxmox VE',
      driver: 'simulator',
      machineUuid: uuid,
      privateAddress: '10.1.2.3',
      publicAddress: seed.publicAddress ?? null,
      status: wanted,
      ramGb: 2,
      vcpus: 1,
      diskGb: 20,
      periodDays: 30,
      isBlocked: seed.isBlocked ?? false,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: virtualMachines.id });
  if (seed.publicAddress) {
    await db.insert(publicAddresses).values({
      companyId: customer.companyId,
      address: seed.publicAddress,
      vmId: vm!.id,
      lanAddress: '10.1.2.3',
      hostName: 'web',
      tcpPorts: [443],
      udpPorts: [],
      assignedAt: new Date(),
    });
  }
  return { id: vm!.id, uuid, simulator };
}

const call = (customer: Customer, path: string, payload: object, origin = customer.origin) =>
  postAs(t.app, customer, `/api/${path}`, payload, origin);

const rowOf = async (id: number) => {
  const [row] = await t.database.db
    .select()
    .from(virtualMachines)
    .where(eq(virtualMachines.id, id));
  return row!;
};

const liveState = async (customer: Customer, uuid: string) => {
  const response = await call(customer, 'vmAction/getVMStatus', { virDomainUUID: uuid });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { state: string }).state;
};

beforeAll(async () => {
  t = await createTestAppWithMail({ SIMULATOR_OPERATION_MS: String(OPERATION_MS) });
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);
});
afterAll(() => t.close());

describe('every VM action', () => {
  const actions = (uuid: string, id: number) =>
    [
      ['vmAction/viewVM', { provider: 'scaleComputing', virDomainUUID: uuid, ID: id }],
      ['vmAction/startVM', { provider: 'scaleComputing', virDomainUUID: uuid }],
      ['vmAction/shutdownVM', { provider: 'scaleComputing', virDomainUUID: uuid }],
      ['vmAction/powerOffVM', { provider: 'scaleComputing', virDomainUUID: uuid }],
      ['vmAction/rebootVM', { provider: 'scaleComputing', virDomainUUID: uuid }],
      ['vmAction/getVMStatus', { virDomainUUID: uuid }],
      ['vmAction/deleteVirtualMachine', { provider: 'scaleComputing', virDomainUUID: uuid }],
      ['virtualMachine/addAliasName', { aliasName: 'mine now', productID: id }],
    ] as const;

  it('needs a signed-in customer, the CSRF header and this site', async () => {
    const vm = await makeVm(owner);
    for (const [path, payload] of actions(vm.uuid, vm.id)) {
      expect((await post(t.app, `/api/${path}`, payload)).statusCode).toBe(401);
      const noCsrf = await post(t.app, `/api/${path}`, payload, { cookies: owner.cookies });
      expect(noCsrf.statusCode).toBe(403);
      expect((await call(foreigner, path, payload, MAIN_ORIGIN)).statusCode).toBe(403);
    }
    expect((await rowOf(vm.id)).status).toBe('running');
  });

  it("answers 404 for another customer's VM, in this company or another, and changes nothing", async () => {
    const vm = await makeVm(owner, { status: 'shutoff' });
    for (const stranger of [neighbour, foreigner]) {
      for (const [path, payload] of actions(vm.uuid, vm.id)) {
        const response = await call(stranger, path, payload);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().message).toBe(vmActionMessages.notFound);
      }
    }
    const row = await rowOf(vm.id);
    expect(row.status).toBe('shutoff');
    expect(row.aliasName).toBeNull();
    expect(await vm.simulator.status(vm.uuid)).toBe('shutoff');
  });

  it('documents every call in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path] of actions('x', 1)) {
      expect(spec.paths[`/api/${path}`]?.post, path).toBeDefined();
    }
    expect(
      spec.paths['/api/vmAction/viewVM'].post.responses['200'].content['application/json'].schema
        .properties.data.required,
    ).toEqual(expect.arrayContaining(['user', 'password', 'consoleUrl']));
  });

  it('answers 404 for a VM that does not exist and 400 for a missing UUID', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [path, payload] of actions(unknown, 2_000_000)) {
      expect((await call(owner, path, payload)).statusCode, path).toBe(404);
    }
    const missing = await call(owner, 'vmAction/startVM', { provider: 'x' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('viewVM', () => {
  it('answers the access data with a fresh one-time password, never cached', async () => {
    const vm = await makeVm(owner);
    const first = await call(owner, 'vmAction/viewVM', {
      provider: 'scaleComputing',
      virDomainUUID: vm.uuid,
      ID: vm.id,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const data = first.json().data;
    expect(data).toEqual({
      user: 'ubuntu',
      password: expect.stringMatching(/^[\w-]{16}$/),
      provider: 'Proxmox VE',
      apiUrl: null,
      systemUrl: `${MAIN_ORIGIN}/api/hypervisors/simulator/console/${vm.uuid}`,
      consoleUrl: `${MAIN_ORIGIN}/api/hypervisors/simulator/console/${vm.uuid}`,
      cloudServiceUrl: null,
      privateAddress: expect.stringMatching(/^10\./),
      state: 'running',
    });
    const [machine] = await t.database.db
      .select({ hash: simulatedMachines.consolePasswordHash })
      .from(simulatedMachines)
      .where(eq(simulatedMachines.uuid, vm.uuid));
    expect(machine!.hash).toBe(consolePasswordHash(data.password));
    expect(machine!.hash).not.toContain(data.password);

    const second = await call(owner, 'vmAction/viewVM', { virDomainUUID: vm.uuid });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.password).not.toBe(data.password);
  });

  it('views a shut-off VM, and refuses an ID that names another VM', async () => {
    const vm = await makeVm(owner, { status: 'shutoff' });
    const other = await makeVm(owner);
    const view = await call(owner, 'vmAction/viewVM', { virDomainUUID: vm.uuid, ID: vm.id });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.state).toBe('shutoff');
    const mismatch = await call(owner, 'vmAction/viewVM', { virDomainUUID: vm.uuid, ID: other.id });
    expect(mismatch.statusCode).toBe(404);
  });

  it('refuses a blocked VM with the use tooltip (403)', async () => {
    const vm = await makeVm(owner, { isBlocked: true });
    const response = await call(owner, 'vmAction/viewVM', { virDomainUUID: vm.uuid });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(blockedMessage('use'));
    expect(response.json().message).toBe(
      'This VM is blocked by admin, so you are not able to use the VM.',
    );
  });

  it('refuses expired, archived, failed and provisioning VMs with a clear message (409)', async () => {
    const cases = [
      ['expired', vmActionMessages.expiredView],
      ['archived', vmActionMessages.archived],
      ['failed', vmActionMessages.provisioningFailed],
      ['provisioning', vmActionMessages.stillProvisioning],
    ] as const;
    for (const [status, message] of cases) {
      const vm = await makeVm(neighbour, { status });
      const response = await call(neighbour, 'vmAction/viewVM', { virDomainUUID: vm.uuid });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message).toBe(message);
    }
  });

  it('answers 409 when the hypervisor no longer knows the machine', async () => {
    const vm = await makeVm(neighbour);
    await t.database.db
      .update(simulatedMachines)
      .set({ companyId: foreigner.companyId })
      .where(eq(simulatedMachines.uuid, vm.uuid));
    const lost = await call(neighbour, 'vmAction/viewVM', { virDomainUUID: vm.uuid });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe(vmActionMessages.missingAtHypervisor);
  });

  it('is limited per customer, whatever address the calls come from', async () => {
    const customer = await signUpCustomer(t, MAIN_ORIGIN);
    const vm = await makeVm(customer);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      statuses.push(
        (await call(customer, 'vmAction/viewVM', { virDomainUUID: vm.uuid })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another customer is not held back by this one.
    const other = await makeVm(neighbour);
    expect(
      (await call(neighbour, 'vmAction/viewVM', { virDomainUUID: other.uuid })).statusCode,
    ).toBe(200);
  });
});

describe('power and live state', () => {
  it('shuts down, starts, reboots and powers off, the state settling through busy', async () => {
    const vm = await makeVm(owner);
    const steps = [
      ['shutdownVM', 'shutoff', vmActionMessages.shuttingDown],
      ['startVM', 'running', vmActionMessages.starting],
      ['rebootVM', 'running', vmActionMessages.rebooting],
      ['powerOffVM', 'shutoff', vmActionMessages.poweringOff],
    ] as const;
    for (const [action, settled, message] of steps) {
      const response = await call(owner, `vmAction/${action}`, {
        provider: 'scaleComputing',
        virDomainUUID: vm.uuid,
      });
      expect(response.statusCode, action).toBe(200);
      expect(response.json()).toMatchObject({ message, data: { state: 'busy' } });
      expect((await rowOf(vm.id)).status).toBe('busy');
      await waitFor(
        () => liveState(owner, vm.uuid),
        (state) => state === settled,
      );
      expect((await rowOf(vm.id)).status).toBe(settled);
    }
  });

  it('refuses what the state does not allow, with words for it (409)', async () => {
    const running = await makeVm(owner);
    const start = await call(owner, 'vmAction/startVM', { virDomainUUID: running.uuid });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe(vmActionMessages.alreadyRunning);

    const off = await makeVm(owner, { status: 'shutoff' });
    for (const [action, message] of [
      ['shutdownVM', vmActionMessages.alreadyShutOff],
      ['powerOffVM', vmActionMessages.alreadyShutOff],
      ['rebootVM', vmActionMessages.rebootNeedsRunning],
    ] as const) {
      const response = await call(owner, `vmAction/${action}`, { virDomainUUID: off.uuid });
      expect(response.statusCode, action).toBe(409);
      expect(response.json().message).toBe(message);
    }
    expect(await off.simulator.status(off.uuid)).toBe('shutoff');
  });

  it('refuses a blocked VM (403), an expired one to start and an archived one (409)', async () => {
    const blocked = await makeVm(owner, { isBlocked: true });
    for (const action of ['startVM', 'shutdownVM', 'powerOffVM', 'rebootVM']) {
      const response = await call(owner, `vmAction/${action}`, { virDomainUUID: blocked.uuid });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(blockedMessage('use'));
    }
    expect(await blocked.simulator.status(blocked.uuid)).toBe('running');

    const expired = await makeVm(owner, { status: 'expired' });
    const start = await call(owner, 'vmAction/startVM', { virDomainUUID: expired.uuid });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe(vmActionMessages.expiredStart);
    expect(await expired.simulator.status(expired.uuid)).toBe('shutoff');

    const archived = await makeVm(owner, { status: 'archived' });
    const archivedStart = await call(owner, 'vmAction/startVM', { virDomainUUID: archived.uuid });
    expect(archivedStart.statusCode).toBe(409);
    expect(archivedStart.json().message).toBe(vmActionMessages.archived);
  });

  it('maps a refusing hypervisor to 409 and an unreachable one to 503', async () => {
    const vm = await makeVm(owner);
    await vm.simulator.failNext(vm.uuid, 'quota', 'refuse');
    const refused = await call(owner, 'vmAction/rebootVM', { virDomainUUID: vm.uuid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vmActionMessages.rejected);
    expect(refused.body).not.toContain('quota');

    await vm.simulator.failNext(vm.uuid, 'link down at 10.9.9.9', 'unavailable');
    const unreachable = await call(owner, 'vmAction/rebootVM', { virDomainUUID: vm.uuid });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.json().message).toBe(vmActionMessages.hypervisorUnavailable);
    expect(unreachable.body).not.toContain('10.9.9.9');
    expect((await rowOf(vm.id)).status).toBe('running');
  });

  it('accepts one of two concurrent power calls and refuses the other as busy', async () => {
    const vm = await makeVm(owner);
    // The company's operations take five seconds for this test, so the first call's operation
    // cannot end before the second call is decided, however slow the machine running the test.
    const key = resolveCredentialsKey(t.config);
    await saveHypervisorOptions(t.database.db, key, owner.companyId, 'simulator', {
      operationMs: 5_000,
    });
    const answers = await Promise.all([
      call(owner, 'vmAction/rebootVM', { virDomainUUID: vm.uuid }),
      call(owner, 'vmAction/shutdownVM', { virDomainUUID: vm.uuid }),
    ]).finally(() =>
      saveHypervisorOptions(t.database.db, key, owner.companyId, 'simulator', {
        operationMs: OPERATION_MS,
      }),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().message).toBe(vmActionMessages.busy);
  });

  it("reports and records the hypervisor's state, never over the portal's lifecycle states", async () => {
    const vm = await makeVm(owner);
    // The machine was shut off behind the portal's back: the row learns it. The shutdown takes
    // a second, so it is surely still under way when the state is first asked for.
    await simulatorOf(owner.companyId, 1_000).shutdown(vm.uuid);
    expect(await liveState(owner, vm.uuid)).toBe('busy');
    expect((await rowOf(vm.id)).status).toBe('busy');
    await waitFor(
      () => liveState(owner, vm.uuid),
      (state) => state === 'shutoff',
    );
    expect((await rowOf(vm.id)).status).toBe('shutoff');

    for (const status of ['expired', 'archived', 'failed'] as const) {
      const kept = await makeVm(owner, { status });
      expect(await liveState(owner, kept.uuid)).toBe(status);
      expect((await rowOf(kept.id)).status).toBe(status);
    }
    // Still being created: the hypervisor's word, the row stays provisioning.
    const booting = await makeVm(owner, { status: 'provisioning' });
    expect(await liveState(owner, booting.uuid)).toBe('running');
    expect((await rowOf(booting.id)).status).toBe('provisioning');
  });

  it('answers the live state of a blocked VM (reading is not using)', async () => {
    const vm = await makeVm(owner, { isBlocked: true });
    expect(await liveState(owner, vm.uuid)).toBe('running');
  });
});

describe('deleteVirtualMachine', () => {
  const remove = (customer: Customer, uuid: string) =>
    call(customer, 'vmAction/deleteVirtualMachine', {
      provider: 'scaleComputing',
      virDomainUUID: uuid,
    });

  it("refuses a running VM with the spec's words (400) and keeps it", async () => {
    const vm = await makeVm(owner);
    const response = await remove(owner, vm.uuid);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Virtual machine must be shut off to perform this operation.',
    );
    expect((await rowOf(vm.id)).status).toBe('running');
    expect(await vm.simulator.status(vm.uuid)).toBe('running');
  });

  it('refuses a VM that is still shutting down (400)', async () => {
    const vm = await makeVm(owner);
    // A shutdown that takes a minute: the machine is surely still busy when the delete comes.
    await simulatorOf(owner.companyId, 60_000).shutdown(vm.uuid);
    const response = await remove(owner, vm.uuid);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(vmActionMessages.mustBeShutOff);
  });

  it('deletes a shut-off VM at the hypervisor and frees its public address', async () => {
    const vm = await makeVm(owner, { status: 'shutoff', publicAddress: '203.0.113.201' });
    const response = await remove(owner, vm.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(vmActionMessages.deleted);
    const row = await rowOf(vm.id);
    expect(row.status).toBe('deleted');
    expect(row.publicAddress).toBeNull();
    const [address] = await t.database.db
      .select()
      .from(publicAddresses)
      .where(
        and(
          eq(publicAddresses.companyId, owner.companyId),
          eq(publicAddresses.address, '203.0.113.201'),
        ),
      );
    expect(address).toMatchObject({ vmId: null, lanAddress: null, hostName: null, tcpPorts: null });
    await waitFor(
      () => vm.simulator.status(vm.uuid),
      (state) => state === 'missing',
    );
    // Gone for every call, and from the Products tab.
    expect((await remove(owner, vm.uuid)).statusCode).toBe(404);
    expect((await call(owner, 'vmAction/getVMStatus', { virDomainUUID: vm.uuid })).statusCode).toBe(
      404,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vmAction/activeVMs',
      headers: { origin: MAIN_ORIGIN },
      cookies: owner.cookies,
    });
    expect(list.json().data.rows.some((row: { ID: number }) => row.ID === vm.id)).toBe(false);
  });

  it('deletes blocked, expired and archived VMs', async () => {
    for (const seed of [
      { status: 'shutoff', isBlocked: true },
      { status: 'expired' },
      { status: 'archived' },
    ] as const) {
      const vm = await makeVm(owner, seed);
      expect((await remove(owner, vm.uuid)).statusCode, JSON.stringify(seed)).toBe(200);
      expect((await rowOf(vm.id)).status).toBe('deleted');
    }
  });

  it('gives the row back when the hypervisor refuses or cannot be reached', async () => {
    const vm = await makeVm(owner, { status: 'shutoff', publicAddress: '203.0.113.202' });
    await vm.simulator.failNext(vm.uuid, 'storage locked', 'refuse');
    const refused = await remove(owner, vm.uuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vmActionMessages.rejected);
    await vm.simulator.failNext(vm.uuid, 'timeout', 'unavailable');
    expect((await remove(owner, vm.uuid)).statusCode).toBe(503);
    const row = await rowOf(vm.id);
    expect(row).toMatchObject({ status: 'shutoff', publicAddress: '203.0.113.202' });
    expect(await vm.simulator.status(vm.uuid)).toBe('shutoff');
    expect((await remove(owner, vm.uuid)).statusCode).toBe(200);
  });

  it('of two deletes at once, one answers 200 and the other 404', async () => {
    for (let round = 0; round < 3; round++) {
      const vm = await makeVm(owner, {
        status: 'shutoff',
        publicAddress: `203.0.113.${210 + round}`,
      });
      const answers = await Promise.all([remove(owner, vm.uuid), remove(owner, vm.uuid)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
      const row = await rowOf(vm.id);
      expect(row).toMatchObject({ status: 'deleted', publicAddress: null });
      const [address] = await t.database.db
        .select({ vmId: publicAddresses.vmId })
        .from(publicAddresses)
        .where(eq(publicAddresses.address, `203.0.113.${210 + round}`));
      expect(address!.vmId).toBeNull();
    }
  });
});

describe('addAliasName', () => {
  const alias = (customer: Customer, productID: unknown, aliasName: unknown) =>
    call(customer, 'virtualMachine/addAliasName', { aliasName, productID });

  it('saves the trimmed alias and answers data.msg', async () => {
    const vm = await makeVm(owner);
    const response = await alias(owner, vm.id, '  Accounts server  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: vmActionMessages.aliasSaved,
      data: { msg: vmActionMessages.aliasSaved, aliasName: 'Accounts server' },
    });
    expect((await rowOf(vm.id)).aliasName).toBe('Accounts server');
    // Korean and 50 characters exactly are fine.
    expect((await alias(owner, vm.id, '회계 서버')).statusCode).toBe(200);
    expect((await alias(owner, vm.id, 'x'.repeat(50))).statusCode).toBe(200);
    expect((await rowOf(vm.id)).aliasName).toBe('x'.repeat(50));
  });

  it('refuses a blank, too long or control-character alias with the rule message (400)', async () => {
    const vm = await makeVm(owner);
    const cases = [
      ['', vmActionMessages.aliasRequired],
      ['   ', vmActionMessages.aliasRequired],
      ['x'.repeat(51), vmActionMessages.aliasTooLong],
      ['bad\u0007bell', null],
    ] as const;
    for (const [value, message] of cases) {
      const response = await alias(owner, vm.id, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await alias(owner, vm.id, 42)).statusCode).toBe(400);
    expect((await alias(owner, 'abc', 'fine')).statusCode).toBe(400);
    expect((await rowOf(vm.id)).aliasName).toBeNull();
  });

  it('refuses a deleted VM (404)', async () => {
    const vm = await makeVm(owner, { status: 'shutoff' });
    expect(
      (await call(owner, 'vmAction/deleteVirtualMachine', { virDomainUUID: vm.uuid })).statusCode,
    ).toBe(200);
    expect((await alias(owner, vm.id, 'late')).statusCode).toBe(404);
  });
});

describe('the simulator console page', () => {
  const consolePath = (uuid: string) => `/api/hypervisors/simulator/console/${uuid}`;
  const open = (customer: Customer | null, uuid: string) =>
    t.app.inject({
      method: 'GET',
      url: consolePath(uuid),
      headers: { origin: MAIN_ORIGIN },
      cookies: customer?.cookies ?? {},
    });
  const submit = (customer: Customer, uuid: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: consolePath(uuid),
      headers: { origin: MAIN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: customer.cookies,
      payload: new URLSearchParams(fields).toString(),
    });
  const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)![1]!;

  it('takes the one-time password from View once, for the owner only', async () => {
    const vm = await makeVm(owner);
    const page = await open(owner, vm.uuid);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const token = tokenOf(page.body);

    const view = await call(owner, 'vmAction/viewVM', { virDomainUUID: vm.uuid });
    const { password, consoleUrl } = view.json().data;
    expect(new URL(consoleUrl).pathname).toBe(consolePath(vm.uuid));

    const wrong = await submit(owner, vm.uuid, { token, password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('not right or has been used already');
    const forged = await submit(owner, vm.uuid, { token: 'forged', password });
    expect(forged.statusCode).toBe(403);

    const right = await submit(owner, vm.uuid, { token, password });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('Connected.');
    expect(right.body).not.toContain(password);
    // One time: the same password again is refused.
    expect((await submit(owner, vm.uuid, { token, password })).statusCode).toBe(401);
  });

  it("speaks the language chosen in the portal, not the browser's", async () => {
    const vm = await makeVm(owner);
    const page = await t.app.inject({
      method: 'GET',
      url: consolePath(vm.uuid),
      headers: { origin: MAIN_ORIGIN, 'accept-language': 'en-US,en;q=0.9' },
      cookies: { ...owner.cookies, cp_lang: 'ko' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ko">');
    for (const text of ['콘솔', '일회용 비밀번호', '연결', '실행 중']) {
      expect(page.body).toContain(text);
    }
    expect(page.body).not.toContain('One-time password');
  });

  it('is not found for a visitor, another customer or a deleted VM, and names nothing', async () => {
    const vm = await makeVm(owner, { status: 'shutoff' });
    for (const visitor of [null, neighbour]) {
      const page = await open(visitor, vm.uuid);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(vm.uuid);
      expect(page.body).not.toMatch(/name="token"/);
    }
    const theirs = await submit(neighbour, vm.uuid, { token: 'x', password: 'y' });
    expect(theirs.statusCode).toBe(404);
    await call(owner, 'vmAction/deleteVirtualMachine', { virDomainUUID: vm.uuid });
    expect((await open(owner, vm.uuid)).statusCode).toBe(404);
  });
});
