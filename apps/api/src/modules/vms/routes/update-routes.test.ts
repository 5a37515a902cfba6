import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { updateMessages } from '@cloud-portal/contract/vms/update-pricing';
import {
  createTestAppWithMail,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import {
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { orders } from '../../../db/schema/orders';
import { orderTargets } from '../../../db/schema/virtual-machines';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { blockedMessage } from '../queries/own-vm';
import { waitUntil } from '../../../../test/support/wait-until';
import { makeVmFor, type VmSeed } from '../../../../test/support/vm-order-fixtures';

const OPERATION_MS = 50;

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;

const simulatorOf = (companyId: number) =>
  new SimulatorHypervisor({ operationMs: OPERATION_MS }, { database: t.database.db, companyId });

/** 11.5 days left: an update is priced for 12 (a part day counts as a day). */
const vmOf = (customer: Customer, seed: Partial<VmSeed> = {}) =>
  makeVmFor(t.database.db, OPERATION_MS, customer, { endsInDays: 11.5, ...seed });

const call = (customer: Customer, path: string, payload: object) =>
  postAs(t.app, customer, `/api/${path}`, payload);

beforeAll(async () => {
  t = await createTestAppWithMail({ SIMULATOR_OPERATION_MS: String(OPERATION_MS) });
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
});
afterAll(() => t.close());

/**
 * Ubuntu Starter 4 GB / 2 vCPU / 40 GB → 8 GB / 4 vCPU / 60 GB for 12 days: Memory 4 × 45.00 ×
 * 12/30 = 72.00; Disk 20 × 1.20 × 12/30 = 9.60; Processor 2 × 60.00 × 12/30 = 48.00. Total
 * 129.60, VAT 15 % 19.44, payable 149.04.
 */
const bigger = (productID: number, overrides: object = {}) => ({
  productID,
  updateType: 'RamAndCpu',
  ramCount: 8,
  processorCount: 4,
  diskCount: 60,
  totalAmount: '149.04',
  paymentGateway: 'Sandbox Payment',
  byPassflag: 0,
  allowsPowerCycle: true,
  ...overrides,
});

describe('getVMDetailForUpdateVM', () => {
  it("answers the machine's counts, its product's limits and the days left", async () => {
    const { vm } = await vmOf(owner);
    const response = await call(owner, 'virtualMachine/getVMDetailForUpdateVM', {
      productID: vm.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      remainingDays: 12,
      maxAddedDisks: 2,
      canAddDisk: true,
      isFixedSpecification: false,
      isRunning: true,
      updateTypes: ['RamAndCpu', 'Disk'],
    });
    expect(data.VMDetail).toMatchObject({ ID: vm.id, ram_Count: 4, cpu_Count: 2, disk_Count: 40 });
    expect(
      data.vmSpec.map((line: { specificationName: string; minValue: number; maxValue: number }) => [
        line.specificationName,
        line.minValue,
        line.maxValue,
      ]),
    ).toEqual([
      ['Memory', 1, 16],
      ['Disk', 20, 500],
      ['Processor', 1, 6],
    ]);
  });

  it("is 404 for another customer's machine and 403 for a blocked one", async () => {
    const { vm } = await vmOf(owner);
    for (const stranger of [neighbour, foreigner]) {
      expect(
        (await call(stranger, 'virtualMachine/getVMDetailForUpdateVM', { productID: vm.id }))
          .statusCode,
      ).toBe(404);
      expect((await call(stranger, 'virtualMachine/updateVM', bigger(vm.id))).statusCode).toBe(404);
    }
    const blocked = await vmOf(owner, { isBlocked: true });
    for (const [path, payload] of [
      ['virtualMachine/getVMDetailForUpdateVM', { productID: blocked.vm.id }],
      ['virtualMachine/updateVM', bigger(blocked.vm.id)],
    ] as const) {
      const response = await call(owner, path, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(blockedMessage('update'));
    }
  });
});

describe('updateVM', () => {
  it('bills the changed lines for the days left (hand-worked) and places a kind 4 order', async () => {
    const { vm } = await vmOf(owner);
    const wrong = await call(owner, 'virtualMachine/updateVM', bigger(vm.id, { totalAmount: '1' }));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(marketplaceMessages.priceChanged);
    expect(wrong.json().data.quote).toMatchObject({
      remainingDays: 12,
      lines: [
        { item: 'Memory', availableSize: 4, updatedSize: 8, price: '72.00' },
        { item: 'Disk', availableSize: 40, updatedSize: 60, price: '9.60' },
        { item: 'Processor', availableSize: 2, updatedSize: 4, price: '48.00' },
      ],
      totalPrice: '129.60',
      taxAmount: '19.44',
      totalPayable: '149.04',
      needsShutOff: true,
    });

    const response = await call(owner, 'virtualMachine/updateVM', bigger(vm.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      commingFrom: 4,
      status: 'pending',
      bankReference: 'Update',
      amount: '149.04',
      ramCost: '72.00',
      cpuCost: '48.00',
      driveCost: '9.60',
      timePeriod: 12,
      vmIDs: [vm.id],
    });
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, response.json().data.orderID));
    expect(order).toMatchObject({
      kind: 4,
      totalMinor: 14_904,
      details: { updateType: 'RamAndCpu', allowsPowerCycle: true },
    });
    expect(order!.lines.map((line) => [line.name, line.count, line.costMinor])).toEqual([
      ['Memory', 8, 7200],
      ['Disk', 60, 960],
      ['Processor', 4, 4800],
    ]);

    // One update at a time: this one is still waiting for its payment.
    const second = await call(owner, 'virtualMachine/updateVM', {
      ...bigger(vm.id),
      updateType: 'Disk',
      diskCount: 20,
      totalAmount: '11.04',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(updateMessages.updateInProgress);
  });

  it('takes one of four updates of the same machine sent at once', async () => {
    const { vm } = await vmOf(owner);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(owner, 'virtualMachine/updateVM', bigger(vm.id))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().message).toBe(updateMessages.updateInProgress);
    }
    const placed = await t.database.db
      .select({ id: orderTargets.orderId })
      .from(orderTargets)
      .where(eq(orderTargets.vmId, vm.id));
    expect(placed).toHaveLength(1);
  });

  it('needs consent to power-cycle a running machine for RAM or CPU, not for a shut-off one', async () => {
    const running = await vmOf(owner);
    const refused = await call(
      owner,
      'virtualMachine/updateVM',
      bigger(running.vm.id, { allowsPowerCycle: false }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(updateMessages.powerCycleRequired);
    // Only the disk grows: no power cycle needed. 20 × 1.20 × 12/30 = 9.60 + 1.44.
    const diskOnly = await call(
      owner,
      'virtualMachine/updateVM',
      bigger(running.vm.id, {
        allowsPowerCycle: false,
        ramCount: 4,
        processorCount: 2,
        totalAmount: '11.04',
      }),
    );
    expect(diskOnly.statusCode, diskOnly.body).toBe(200);

    const shutOff = await vmOf(owner, { status: 'shutoff' });
    const accepted = await call(
      owner,
      'virtualMachine/updateVM',
      bigger(shutOff.vm.id, { allowsPowerCycle: false }),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses sizes the product does not offer, a shrinking disk and a machine that cannot change', async () => {
    const { vm } = await vmOf(owner);
    const cases: [object, number, string][] = [
      [{ diskCount: 30 }, 400, updateMessages.diskCannotShrink],
      [{ ramCount: 18 }, 400, 'Memory must be between 1 and 16 GB, in steps of 1'],
      [{ processorCount: 3 }, 400, marketplaceMessages.processorFollowsMemory],
      [{ ramCount: 4, processorCount: 2, diskCount: 40 }, 400, updateMessages.nothingToUpdate],
      [{ updateType: 'Disk', diskCount: 0 }, 400, updateMessages.chooseDiskSize],
      [{ ramCount: 2, processorCount: 1, diskCount: 40 }, 422, updateMessages.nothingToPay],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await call(owner, 'virtualMachine/updateVM', bigger(vm.id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const fixed = await vmOf(owner, {
      productName: 'Node Weaver Edge Appliance',
      ramGb: 4,
      vcpus: 2,
      diskGb: 60,
    });
    const response = await call(owner, 'virtualMachine/updateVM', {
      ...bigger(fixed.vm.id),
      updateType: 'Disk',
      diskCount: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(updateMessages.fixedSpecification);
    const detail = await call(owner, 'virtualMachine/getVMDetailForUpdateVM', {
      productID: fixed.vm.id,
    });
    expect(detail.json().data.isFixedSpecification).toBe(true);
  });

  it('adds two disks (applied by the job), then refuses a third', async () => {
    // Custom GPU-ready Ubuntu (bypasses payment): 100 GB × 1.40 × 12/30 = 56.00; VAT 8.40.
    const { vm, uuid } = await vmOf(owner, {
      productName: 'Custom GPU-ready Ubuntu',
      ramGb: 16,
      vcpus: 6,
      diskGb: 250,
    });
    const addDisk = () =>
      call(owner, 'virtualMachine/updateVM', {
        productID: vm.id,
        updateType: 'Disk',
        diskCount: 100,
        totalAmount: '64.40',
        byPassflag: 1,
      });
    for (let disk = 1; disk <= 2; disk += 1) {
      const response = await addDisk();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'paid', commingFrom: 4 });
      const reference = response.json().data.orderID as string;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await t.database.db
          .select({ appliedAt: orders.appliedAt })
          .from(orders)
          .where(eq(orders.reference, reference));
        if (row!.appliedAt) break;
        if (Date.now() > deadline) throw new Error(`disk ${disk} was not added`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const simulator = simulatorOf(owner.companyId);
    await waitUntil(async () => (await simulator.details(uuid)).addedDisksGb.length === 2);
    const detail = await call(owner, 'virtualMachine/getVMDetailForUpdateVM', { productID: vm.id });
    expect(detail.json().data).toMatchObject({ canAddDisk: false });
    expect(detail.json().data.VMDetail.addedDisks).toEqual([100, 100]);
    const third = await addDisk();
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(updateMessages.maxDisks);
    // A clone of it now copies 250 + 200 GB.
    const clone = await call(owner, 'virtualMachine/getVMDetailForCloneVm', { productID: vm.id });
    expect(clone.json().data.diskSize).toBe(450);
  }, 60_000);
});
