import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-actions';
import { createTestApp, MAIN_ORIGIN, type TestApp } from '../../../../test/support/test-app';
import { orders } from '../../../db/schema/orders';
import { virtualMachines, type VM_STATUSES } from '../../../db/schema/virtual-machines';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  REFUSAL_REASONS,
  type Hypervisor,
  type MachineState,
} from '../../../hypervisors/provider';
import { UnknownHypervisorDriver } from '../../../hypervisors/registry';
import { AppError } from '../../../errors';
import {
  companyIdOf,
  insertCustomer,
  recordingJobQueue,
} from '../../../../test/support/lifecycle-fixtures';
import { addAliasName, deleteVm, getVmStatus, powerVm, viewVm } from './vm-actions';
import type { OwnerScope } from '../../../tenancy/owner-scope';

let t: TestApp;
let owner: OwnerScope;

/** A hypervisor that answers what a test says, so every branch can be reached on purpose. */
function fakeHypervisor(behaviour: {
  state?: MachineState;
  fail?: unknown;
  failDelete?: unknown;
  calls?: string[];
}): Hypervisor {
  const act = async (name: string, error = behaviour.fail) => {
    behaviour.calls?.push(name);
    if (error) throw error;
  };
  const refuseAll = () => Promise.reject(new HypervisorRefused('invalid-request'));
  return {
    driverId: 'fake',
    create: refuseAll,
    status: async () => {
      behaviour.calls?.push('status');
      return behaviour.state ?? 'running';
    },
    details: refuseAll,
    start: (uuid) => act(`start ${uuid}`),
    shutdown: (uuid) => act(`shutdown ${uuid}`),
    powerOff: (uuid) => act(`power-off ${uuid}`),
    reboot: (uuid) => act(`reboot ${uuid}`),
    resize: refuseAll,
    addDisk: refuseAll,
    clone: refuseAll,
    snapshot: refuseAll,
    archive: refuseAll,
    restore: refuseAll,
    delete: (uuid) => act(`delete ${uuid}`, behaviour.failDelete),
    accessDetails: async (uuid) => {
      await act(`access ${uuid}`);
      return {
        user: 'root',
        password: 'one-time',
        consoleUrl: `/console/${uuid}`,
        privateAddress: null,
      };
    },
  };
}

const depsWith = (hypervisor: Hypervisor | (() => never)) => ({
  db: t.database.db,
  hypervisors: async () => (typeof hypervisor === 'function' ? hypervisor() : hypervisor),
  jobs: recordingJobQueue(),
});

async function insertVm(status: (typeof VM_STATUSES)[number] = 'running') {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      reference: `VMU-${randomBytes(6).toString('hex')}`,
      companyId: owner.companyId,
      customerId: owner.customerId,
      kind: 1,
      status: 'paid',
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 1,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: 1,
      taxBasisPoints: 0,
      taxBasis: 'beforeDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 1,
      productName: 'Ubuntu Starter',
      operatingSystem: 'Ubuntu 24.04',
      lines: [],
      periodDays: 30,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: orders.id });
  const uuid = crypto.randomUUID();
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: owner.companyId,
      customerId: owner.customerId,
      orderId: order!.id,
      name: 'unit vm',
      operatingSystem: 'Ubuntu 24.04',
      serviceType: 'Proxmox VE',
      driver: 'fake',
      machineUuid: uuid,
      publicAddress: '198.51.100.9',
      status,
      ramGb: 1,
      vcpus: 1,
      diskGb: 10,
      periodDays: 30,
    })
    .returning({ id: virtualMachines.id });
  return { id: vm!.id, uuid };
}

const statusOf = async (id: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, id)))[0]!;

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  t = await createTestApp();
  const companyId = await companyIdOf(t.database.db, MAIN_ORIGIN);
  const customer = await insertCustomer(t.database.db, companyId, {
    email: `unit-${randomBytes(4).toString('hex')}@example.co.za`,
    firstName: 'Unit',
    lastName: 'Test',
  });
  owner = { companyId, customerId: customer.id };
});
afterAll(() => t.close());

describe('hypervisor errors become answers for the customer', () => {
  it('gives every refusal reason a 409 with words of ours, never the vendor text', async () => {
    const vm = await insertVm();
    for (const reason of REFUSAL_REASONS) {
      const error = await appErrorOf(
        powerVm(
          depsWith(fakeHypervisor({ fail: new HypervisorRefused(reason, 'vendor said X-42') })),
          owner,
          vm.uuid,
          'rebootVM',
        ),
      );
      expect(error.status, reason).toBe(409);
      expect(Object.values(vmActionMessages)).toContain(error.message);
      expect(error.message).not.toContain('X-42');
    }
  });

  it('answers 503 for an unreachable hypervisor or one with no driver', async () => {
    const vm = await insertVm();
    const unreachable = await appErrorOf(
      viewVm(
        depsWith(fakeHypervisor({ fail: new HypervisorUnavailable('socket 10.0.0.1 refused') })),
        owner,
        { uuid: vm.uuid, portalUrl: MAIN_ORIGIN },
      ),
    );
    expect(unreachable).toMatchObject({
      status: 503,
      message: vmActionMessages.hypervisorUnavailable,
    });
    const noDriver = await appErrorOf(
      getVmStatus(
        depsWith(() => {
          throw new UnknownHypervisorDriver('service type Mystery');
        }),
        owner,
        vm.uuid,
      ),
    );
    expect(noDriver.status).toBe(503);
  });

  it('lets an unexpected error through as it is (the error handler hides it)', async () => {
    const vm = await insertVm();
    const boom = new Error('boom');
    await expect(
      powerVm(depsWith(fakeHypervisor({ fail: boom })), owner, vm.uuid, 'startVM'),
    ).rejects.toBe(boom);
  });
});

describe('viewVm', () => {
  it('makes the console address absolute on the portal', async () => {
    const vm = await insertVm();
    const view = await viewVm(depsWith(fakeHypervisor({})), owner, {
      uuid: vm.uuid,
      id: vm.id,
      portalUrl: 'https://cloud.example.com',
    });
    expect(view.consoleUrl).toBe(`https://cloud.example.com/console/${vm.uuid}`);
    expect(view.password).toBe('one-time');
  });
});

describe('deleteVm', () => {
  it('gives the row back as it was when the hypervisor finds the machine running after all', async () => {
    const vm = await insertVm('expired');
    const calls: string[] = [];
    const error = await appErrorOf(
      deleteVm(
        depsWith(
          fakeHypervisor({
            state: 'shutoff',
            failDelete: new HypervisorRefused('not-shut-off'),
            calls,
          }),
        ),
        owner,
        vm.uuid,
      ),
    );
    expect(error).toMatchObject({ status: 400, message: vmActionMessages.mustBeShutOff });
    expect(calls).toEqual(['status', `delete ${vm.uuid}`]);
    expect(await statusOf(vm.id)).toMatchObject({
      status: 'expired',
      publicAddress: '198.51.100.9',
    });
  });

  it('treats a machine the hypervisor no longer has as deleted', async () => {
    const vm = await insertVm('shutoff');
    await deleteVm(
      depsWith(fakeHypervisor({ state: 'missing', failDelete: new HypervisorRefused('missing') })),
      owner,
      vm.uuid,
    );
    expect(await statusOf(vm.id)).toMatchObject({ status: 'deleted', publicAddress: null });
  });

  it('never asks the hypervisor to delete a machine that is not shut off', async () => {
    for (const state of ['running', 'busy', 'provisioning'] as const) {
      const vm = await insertVm('running');
      const calls: string[] = [];
      const error = await appErrorOf(
        deleteVm(depsWith(fakeHypervisor({ state, calls })), owner, vm.uuid),
      );
      expect(error.status).toBe(400);
      expect(calls).toEqual(['status']);
      expect((await statusOf(vm.id)).status).toBe('running');
    }
  });
});

describe('addAliasName', () => {
  it("changes only the owner's row", async () => {
    const vm = await insertVm();
    const stranger = { ...owner, customerId: owner.customerId + 100_000 };
    const error = await appErrorOf(
      addAliasName({ db: t.database.db }, stranger, { id: vm.id, aliasName: 'x' }),
    );
    expect(error.status).toBe(404);
    expect((await statusOf(vm.id)).aliasName).toBeNull();
    expect(
      await addAliasName({ db: t.database.db }, owner, { id: vm.id, aliasName: 'Web' }),
    ).toEqual({
      msg: vmActionMessages.aliasSaved,
      aliasName: 'Web',
    });
  });
});
