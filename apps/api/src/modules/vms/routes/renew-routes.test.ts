import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import type {
  TGetVmDataForMultipleRenewResponse,
  TGetVmDetailForRenewResponse,
} from '@cloud-portal/contract/vms/renew-vm';
import {
  createListeningTestApp,
  MAIN_ORIGIN,
  SECOND_ORIGIN,
} from '../../../../test/support/test-app';
import { post } from '../../../../test/support/accounts';
import {
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { sendAtOnce } from '../../../../test/support/http-burst';
import { notifications } from '../../../db/schema/accounts';
import { vmProducts } from '../../../db/schema/catalogue';
import { orders } from '../../../db/schema/orders';
import {
  orderTargets,
  virtualMachines,
  type VM_STATUSES,
} from '../../../db/schema/virtual-machines';

let t: Awaited<ReturnType<typeof createListeningTestApp>>;
type Customer = SignedInCustomer;
let owner: Customer;
let neighbour: Customer;
let foreigner: Customer;
let products: Record<string, number>;
let foreignProductId: number;

const DAY_MS = 86_400_000;
const BLOCKED = 'This VM is blocked by admin, so you are not able to renew the VM.';
const IN_PROGRESS = 'This VM already has a renewal in progress.';
let nextReference = 0;

type VmSeed = {
  productId?: number;
  status?: (typeof VM_STATUSES)[number];
  endsAt?: Date;
  isBlocked?: boolean;
  ramGb?: number;
  vcpus?: number;
  diskGb?: number;
  periodDays?: number;
};

/**
 * An order of `costMinor` with no discount or tax, for an hour, of an Ubuntu Starter for 30 days:
 * `values` say what kind of order it is and whatever else differs.
 */
const orderRow = (
  who: { companyId: number; customerId: number },
  costMinor: number,
  values: Pick<typeof orders.$inferInsert, 'reference' | 'kind' | 'status'> &
    Partial<typeof orders.$inferInsert>,
): typeof orders.$inferInsert => ({
  companyId: who.companyId,
  customerId: who.customerId,
  gateway: 'Sandbox Payment',
  currency: 'ZAR',
  costMinor,
  discountMinor: 0,
  taxMinor: 0,
  totalMinor: costMinor,
  taxBasisPoints: 1500,
  taxBasis: 'beforeDiscount',
  chargeCurrency: 'ZAR',
  chargeTotalMinor: costMinor,
  productName: 'Ubuntu Starter',
  operatingSystem: 'Ubuntu',
  lines: [],
  periodDays: 30,
  expiresAt: new Date(Date.now() + 3_600_000),
  ...values,
});

/** A machine as the provisioning job leaves it (with the paid order that bought it). */
async function insertVm(customer: Customer, seed: VmSeed = {}) {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values(
      orderRow({ companyId: customer.companyId, customerId: customer.id }, 10_000, {
        reference: `RNW-${customer.id}-${++nextReference}`,
        kind: 1,
        status: 'paid',
        appliedAt: new Date(),
      }),
    )
    .returning({ id: orders.id });
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: customer.companyId,
      customerId: customer.id,
      orderId: order!.id,
      productId:
        seed.productId ??
        (customer.companyId === owner.companyId ? products['Ubuntu Starter']! : foreignProductId),
      name: `renew-vm-${nextReference}`,
      operatingSystem: 'Ubuntu',
      serviceType: 'Proxmox VE',
      driver: 'simulator',
      machineUuid: `00000000-0000-4000-8000-${String(nextReference).padStart(12, '0')}`,
      status: seed.status ?? 'running',
      ramGb: seed.ramGb ?? 4,
      vcpus: seed.vcpus ?? 2,
      diskGb: seed.diskGb ?? 100,
      periodDays: seed.periodDays ?? 30,
      isBlocked: seed.isBlocked ?? false,
      startsAt: new Date(Date.now() - 20 * DAY_MS),
      endsAt: seed.endsAt ?? new Date(Date.now() + 10 * DAY_MS),
    })
    .returning();
  return vm!;
}

/** A paid update that added a disk of `sizeGb` to the machine, applied (the portal's record). */
async function addedDisk(
  vm: { id: number; companyId: number; customerId: number },
  sizeGb: number,
) {
  const [order] = await t.database.db
    .insert(orders)
    .values(
      orderRow(vm, 1_000, {
        reference: `RNW-DISK-${++nextReference}`,
        kind: 4,
        status: 'paid',
        lines: [{ name: 'Disk', count: sizeGb, unit: 'GB', costMinor: 1_000, discountMinor: 0 }],
        details: { updateType: 'Disk', allowsPowerCycle: false },
        appliedAt: new Date(),
      }),
    )
    .returning({ id: orders.id });
  await t.database.db
    .insert(orderTargets)
    .values({ orderId: order!.id, vmId: vm.id, companyId: vm.companyId, costMinor: 1_000 });
}

const as = (customer: Customer, url: string, payload: object) =>
  postAs(t.app, customer, url, payload);

const detail = (customer: Customer, productID: number) =>
  as(customer, '/api/virtualMachine/getVMDetailForRenew', { productID });

const renew = (customer: Customer, productID: number, overrides: object = {}) =>
  as(customer, '/api/virtualMachine/renewVM', {
    productID,
    timePeriod: 90,
    totalAmount: '1449.00',
    paymentGateway: 'Sandbox Payment',
    byPassflag: 0,
    ...overrides,
  });

const multiData = (customer: Customer, ids: unknown) =>
  as(customer, '/api/virtualMachine/getVMDataForMultipleRenew', { renewVMData: ids });

const renewSelected = (customer: Customer, ids: unknown, overrides: object = {}) =>
  as(customer, '/api/virtualMachine/renewSelectedVM', {
    renewVMData: ids,
    paymentGateway: 'Sandbox Payment',
    byPassflag: 0,
    ...overrides,
  });

beforeAll(async () => {
  t = await createListeningTestApp();
  owner = await signUpCustomer(t, MAIN_ORIGIN);
  neighbour = await signUpCustomer(t, MAIN_ORIGIN);
  foreigner = await signUpCustomer(t, SECOND_ORIGIN);
  expect(foreigner.companyId).not.toBe(owner.companyId);
  const rows = await t.database.db
    .select({ id: vmProducts.id, name: vmProducts.name, companyId: vmProducts.companyId })
    .from(vmProducts);
  products = Object.fromEntries(
    rows.filter((row) => row.companyId === owner.companyId).map((row) => [row.name, row.id]),
  );
  foreignProductId = rows.find((row) => row.companyId === foreigner.companyId)!.id;
});
afterAll(() => t.close());

/*
 * Ubuntu Starter's prices: 4500 a GB of memory, 120 a GB of disk, 6000 a vCPU, for 30 days; VAT
 * 15 %. A 4 GB / 100 GB / 2 vCPU machine: R180.00 + R120.00 + R120.00 = R420.00 for 30 days,
 * R63.00 tax. 90 days: R1260.00 + R189.00 = R1449.00. Expired 5 days: arrears
 * (R420.00 + R63.00) / 30 × 5 = R80.50, total R1529.50.
 */
describe('getVMDetailForRenew', () => {
  it("answers the machine's sizes, its product's terms and the bill for each period", async () => {
    const vm = await insertVm(owner);
    const response = await detail(owner, vm.id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TGetVmDetailForRenewResponse;
    expect(data.VMDetail).toMatchObject({
      ID: vm.id,
      vmName: vm.name,
      productID: products['Ubuntu Starter'],
      productName: 'Ubuntu Starter',
      vm_Cost: '420.00',
      ram_Count: 4,
      cpu_Count: 2,
      disk_Count: 100,
      disk_Unit: 'GB',
      currency: 'ZAR',
      taxValue: 15,
      serviceCategory: 'Proxmox VE',
      validity: 30,
      drive_Cost_PerUnit: '1.20',
      daysExtended: 0,
      status: 'running',
      regionName: 'Johannesburg',
    });
    expect(data.vmSpec.map((line) => [line.specificationName, line.specificationCount])).toEqual([
      ['Memory', 4],
      ['Disk', 100],
      ['Processor', 2],
    ]);
    expect(data.vmSpec[0]!.totalCost).toBe('180.00');
    expect(data.TimePeriod.map((period) => period.days)).toEqual([30, 90, 180, 365]);
    expect(data.quotes.map((quote) => [quote.days, quote.totalPayable])).toEqual([
      [30, '483.00'],
      [90, '1449.00'],
      [180, '2898.00'],
      [365, '5876.50'],
    ]);
    expect(data.quotes[1]).toMatchObject({
      totalPrice: '1260.00',
      taxAmount: '189.00',
      arrears: '0.00',
      lines: [
        { item: 'Memory', size: 4, price: '540.00' },
        { item: 'Disk', size: 100, price: '360.00' },
        { item: 'Processor', size: 2, price: '360.00' },
      ],
    });
    expect(data.paymentGateway).toContain('Sandbox Payment');
    expect(data.byPassflag).toBe(0);
  });

  it('bills the disks an update added with the main disk', async () => {
    // 100 GB + 50 GB + 30 GB = 180 GB × R1.20 = R216.00; 30 days R180.00 + R216.00 + R120.00 =
    // R516.00; 90 days R1548.00 + R232.20 tax = R1780.20.
    const vm = await insertVm(owner);
    await addedDisk(vm, 50);
    await addedDisk(vm, 30);
    const data = (await detail(owner, vm.id)).json().data as TGetVmDetailForRenewResponse;
    expect(data.VMDetail).toMatchObject({ disk_Count: 180, vm_Cost: '516.00' });
    expect(data.vmSpec.find((line) => line.specificationName === 'Disk')).toMatchObject({
      specificationCount: 180,
      totalCost: '216.00',
    });
    expect(data.quotes[1]).toMatchObject({
      days: 90,
      totalPrice: '1548.00',
      taxAmount: '232.20',
      totalPayable: '1780.20',
    });
  });

  it('charges arrears for the whole days since an end date that has passed', async () => {
    const vm = await insertVm(owner, {
      status: 'expired',
      endsAt: new Date(Date.now() - 5 * DAY_MS - 3_600_000),
    });
    const data = (await detail(owner, vm.id)).json().data as TGetVmDetailForRenewResponse;
    expect(data.VMDetail.daysExtended).toBe(5);
    expect(data.VMDetail.status).toBe('expired');
    expect(data.quotes[1]).toMatchObject({
      days: 90,
      totalPrice: '1260.00',
      taxAmount: '189.00',
      monthlyPrice: '420.00',
      daysExtended: 5,
      arrears: '80.50',
      totalPayable: '1529.50',
    });
  });

  it("answers 404 for another customer's, another company's or no VM, 403 when blocked", async () => {
    const neighbours = await insertVm(neighbour);
    const foreign = await insertVm(foreigner);
    for (const id of [neighbours.id, foreign.id, 2_000_000_000]) {
      const response = await detail(owner, id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json().message).toBe('Virtual machine not found.');
    }
    // The foreigner at the owner's portal does not see their own machine either.
    expect((await detail({ ...foreigner, origin: MAIN_ORIGIN }, foreign.id)).statusCode).not.toBe(
      200,
    );
    const blocked = await insertVm(owner, { isBlocked: true });
    const refused = await detail(owner, blocked.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED);
  });

  it('refuses machines that are not running, shut off, expired or archived', async () => {
    for (const status of ['provisioning', 'busy', 'failed'] as const) {
      const vm = await insertVm(owner, { status });
      const response = await detail(owner, vm.id);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message).toBe('This VM cannot be renewed in its current state.');
    }
    const deleted = await insertVm(owner, { status: 'deleted' });
    expect((await detail(owner, deleted.id)).statusCode).toBe(404);
    for (const status of ['shutoff', 'archived'] as const) {
      const vm = await insertVm(owner, { status, endsAt: new Date(Date.now() - DAY_MS) });
      expect((await detail(owner, vm.id)).statusCode, status).toBe(200);
    }
  });

  it('needs a signed-in customer', async () => {
    const vm = await insertVm(owner);
    const response = await post(t.app, '/api/virtualMachine/getVMDetailForRenew', {
      productID: vm.id,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('renewVM', () => {
  it('refuses a total that is not the server quote with 409 and the quote', async () => {
    const vm = await insertVm(owner, {
      status: 'expired',
      endsAt: new Date(Date.now() - 5 * DAY_MS - 3_600_000),
    });
    const response = await renew(owner, vm.id, { totalAmount: '1449.00' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'The price has changed. Please check the new total and try again.',
    );
    expect(response.json().data.quote).toMatchObject({ arrears: '80.50', totalPayable: '1529.50' });
    const offPeriod = await renew(owner, vm.id, { timePeriod: 45, totalAmount: '1.00' });
    expect(offPeriod.statusCode).toBe(400);
    expect(offPeriod.json().message).toBe('This time period is not offered');
  });

  it('places a kind 3 order with one target and refuses a second while it is pending', async () => {
    const vm = await insertVm(owner, {
      status: 'expired',
      endsAt: new Date(Date.now() - 5 * DAY_MS - 3_600_000),
    });
    const response = await renew(owner, vm.id, { totalAmount: '1529.50' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TOrderResponse;
    expect(data).toMatchObject({
      status: 'pending',
      commingFrom: 3,
      paymentMode: 'Sandbox Payment',
      amount: '1529.50',
      cost: '1260.00',
      tax: '189.00',
      penaltyCostRenew: '80.50',
      daysExtended: 5,
      bankReference: 'Renew',
      timePeriod: 90,
      vmIDs: [vm.id],
      vmName: vm.name,
      licenceRequired: 0,
    });
    expect(data.redirect_url).toBe(`${MAIN_ORIGIN}/api/payments/sandbox/${data.orderID}`);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, data.orderID));
    expect(order).toMatchObject({
      kind: 3,
      costMinor: 126_000,
      taxMinor: 18_900,
      arrearsMinor: 8_050,
      totalMinor: 152_950,
      periodDays: 90,
    });
    expect(
      await t.database.db.select().from(orderTargets).where(eq(orderTargets.orderId, order!.id)),
    ).toEqual([
      {
        orderId: order!.id,
        vmId: vm.id,
        companyId: owner.companyId,
        daysExtended: 5,
        costMinor: 126_000,
        arrearsMinor: 8_050,
      },
    ]);

    const again = await renew(owner, vm.id, { totalAmount: '1529.50' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IN_PROGRESS);
    const together = await renewSelected(owner, [vm.id], { totalAmount: '1000.00' });
    // Priced first: the total is checked before the machines are locked.
    expect(together.statusCode).toBe(409);
  });

  it('extends the end date once the payment is confirmed (the vm-request job)', async () => {
    const endsAt = new Date(Date.now() + 10 * DAY_MS);
    const vm = await insertVm(owner, { endsAt });
    const created = (await renew(owner, vm.id)).json().data as TOrderResponse;
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/${created.orderID}`,
      headers: { origin: MAIN_ORIGIN, host: 'localhost:3000' },
      cookies: owner.cookies,
    });
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${created.orderID}`,
      headers: {
        origin: MAIN_ORIGIN,
        host: 'localhost:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
      cookies: owner.cookies,
      payload: new URLSearchParams({ outcome: 'complete', token }).toString(),
    });
    expect(paid.statusCode).toBeLessThan(400);
    const deadline = Date.now() + 15_000;
    let order = await orderByReference(created.orderID);
    while (order.appliedAt === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = await orderByReference(created.orderID);
    }
    expect(order.status).toBe('paid');
    expect(order.appliedAt).not.toBeNull();
    const [renewed] = await t.database.db
      .select()
      .from(virtualMachines)
      .where(eq(virtualMachines.id, vm.id));
    expect(renewed!.endsAt!.getTime()).toBe(endsAt.getTime() + 90 * DAY_MS);
    expect(renewed!.periodDays).toBe(90);
    const bells = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, owner.id));
    expect(bells.filter((bell) => bell.detail.includes('has been renewed until'))).toHaveLength(1);
    // Applied: a new renewal may be ordered again.
    expect((await renew(owner, vm.id)).statusCode).toBe(200);
  });

  it('completes at once for a product that bypasses payment', async () => {
    // Custom GPU-ready Ubuntu: 32 GB × R48 + 500 GB × R1.40 + 8 vCPU × R90 = R2956.00 / 30 days,
    // 15 % VAT R443.40: R3399.40.
    const vm = await insertVm(owner, {
      productId: products['Custom GPU-ready Ubuntu'],
      ramGb: 32,
      diskGb: 500,
      vcpus: 8,
    });
    const gated = await renew(owner, vm.id, { timePeriod: 30, totalAmount: '3399.40' });
    expect(gated.statusCode).toBe(422);
    const response = await renew(owner, vm.id, {
      timePeriod: 30,
      totalAmount: '3399.40',
      byPassflag: 1,
      paymentGateway: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'paid', byPassFlag: 1, commingFrom: 3 });
  });

  it("refuses another customer's or company's VM (404) and a blocked one (403)", async () => {
    const neighbours = await insertVm(neighbour);
    const foreign = await insertVm(foreigner);
    expect((await renew(owner, neighbours.id)).statusCode).toBe(404);
    expect((await renew(owner, foreign.id)).statusCode).toBe(404);
    const blocked = await insertVm(owner, { isBlocked: true });
    const refused = await renew(owner, blocked.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED);
    const rows = await t.database.db
      .select()
      .from(orderTargets)
      .where(eq(orderTargets.vmId, blocked.id));
    expect(rows).toEqual([]);
  });

  it('takes one of two renewals of the same VM sent at once', async () => {
    const vm = await insertVm(owner);
    const cookie = Object.entries(owner.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const answers = await sendAtOnce(
      t.port,
      Array.from({ length: 4 }, (_, index) => ({
        path: '/api/virtualMachine/renewVM',
        body: {
          productID: vm.id,
          timePeriod: 90,
          totalAmount: '1449.00',
          paymentGateway: 'Sandbox Payment',
        },
        headers: {
          origin: MAIN_ORIGIN,
          cookie,
          ...owner.csrf,
          'x-forwarded-for': `10.77.0.${index + 1}`,
        },
      })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.json().message).toBe(IN_PROGRESS);
    }
    const targets = await t.database.db
      .select()
      .from(orderTargets)
      .where(eq(orderTargets.vmId, vm.id));
    expect(targets).toHaveLength(1);
  });
});

const orderByReference = async (reference: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;

/*
 * Two machines of Ubuntu Starter: A (4 GB / 100 GB / 2 vCPU, 30-day period, in its period):
 * R420.00 + R63.00. B (2 GB / 40 GB / 1 vCPU = R90 + R48 + R60 = R198.00 for 30 days; 60-day
 * period: R396.00 + R59.40), expired 3 days: (R198.00 + R29.70) / 30 × 3 = R22.77.
 * Total: R816.00 + R122.40 + R22.77 = R961.17.
 */
describe('multi-renew', () => {
  let a: { id: number };
  let b: { id: number };
  beforeAll(async () => {
    a = await insertVm(owner);
    b = await insertVm(owner, {
      status: 'expired',
      ramGb: 2,
      diskGb: 40,
      vcpus: 1,
      periodDays: 60,
      endsAt: new Date(Date.now() - 3 * DAY_MS - 3_600_000),
    });
  });

  it('prices each VM for its own period and adds them up', async () => {
    const response = await multiData(owner, [a.id, b.id]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TGetVmDataForMultipleRenewResponse;
    expect(data.VMProductDetail).toMatchObject([
      {
        ID: a.id,
        renewDays: 30,
        daysExtended: 0,
        vm_Cost: '420.00',
        taxAmount: '63.00',
        arrears: '0.00',
        totalPayable: '483.00',
        ram_Count: 4,
        status: 'running',
      },
      {
        ID: b.id,
        renewDays: 60,
        daysExtended: 3,
        vm_Cost: '396.00',
        taxAmount: '59.40',
        arrears: '22.77',
        totalPayable: '478.17',
        status: 'expired',
      },
    ]);
    expect(data.quote).toEqual({
      totalPrice: '816.00',
      taxAmount: '122.40',
      daysExtended: 3,
      arrears: '22.77',
      totalPayable: '961.17',
    });
    expect(data.taxData).toEqual({ currency: 'ZAR', taxValue: 15 });
    expect(data.byPassflag).toBe(0);
  });

  it('offers only the gateways every product offers and refuses mixed currencies', async () => {
    const nairobi = await insertVm(owner, { productId: products['Ubuntu Nairobi'] });
    const response = await multiData(owner, [a.id, nairobi.id]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'The selected VMs are priced in different currencies. Renew them separately.',
    );
  });

  it('checks every id: the customer’s own (404), not blocked (403), 1–20 distinct', async () => {
    const neighbours = await insertVm(neighbour);
    const foreign = await insertVm(foreigner);
    expect((await multiData(owner, [a.id, neighbours.id])).statusCode).toBe(404);
    expect((await multiData(owner, [foreign.id])).statusCode).toBe(404);
    const blocked = await insertVm(owner, { isBlocked: true });
    const refused = await multiData(owner, [a.id, blocked.id]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED);
    expect((await multiData(owner, [])).statusCode).toBe(400);
    expect((await multiData(owner, [a.id, a.id])).statusCode).toBe(400);
    expect(
      (
        await multiData(
          owner,
          Array.from({ length: 21 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await renewSelected(owner, [a.id, neighbours.id], { totalAmount: '1.00' })).statusCode,
    ).toBe(404);
  });

  it('places one kind 5 order with a target per VM, and refuses a mismatched total', async () => {
    const mismatch = await renewSelected(owner, [a.id, b.id], { totalAmount: '961.16' });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().data.quote.totalPayable).toBe('961.17');

    const response = await renewSelected(owner, [a.id, b.id], { totalAmount: '961.17' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TOrderResponse;
    expect(data).toMatchObject({
      status: 'pending',
      commingFrom: 5,
      amount: '961.17',
      cost: '816.00',
      tax: '122.40',
      penaltyCostRenew: '22.77',
      daysExtended: 3,
      bankReference: 'Multi Renew',
      vmIDs: [a.id, b.id],
    });
    // Each machine with its own region, days and lines, for the invoice and the receipt.
    expect(
      data.machines.map((machine) => [
        machine.days,
        machine.cost,
        machine.arrears,
        machine.lines.map((line) => `${line.item} ${line.count}`),
      ]),
    ).toEqual([
      [30, '420.00', '0.00', ['Memory 4', 'Disk 100', 'Processor 2']],
      [60, '396.00', '22.77', ['Memory 2', 'Disk 40', 'Processor 1']],
    ]);
    expect(data.machines.every((machine) => machine.region !== null)).toBe(true);
    const order = await orderByReference(data.orderID);
    expect(order).toMatchObject({ kind: 5, totalMinor: 96_117, arrearsMinor: 2_277 });
    const targets = await t.database.db
      .select()
      .from(orderTargets)
      .where(eq(orderTargets.orderId, order.id))
      .orderBy(orderTargets.vmId);
    expect(
      targets.map((row) => [row.vmId, row.costMinor, row.arrearsMinor, row.daysExtended]),
    ).toEqual([
      [a.id, 42_000, 0, 0],
      [b.id, 39_600, 2_277, 3],
    ]);
    // Each VM now has a renewal in progress, alone or with others.
    for (const attempt of [
      await renewSelected(owner, [b.id], { totalAmount: '478.17' }),
      await renew(owner, a.id, { timePeriod: 30, totalAmount: '483.00' }),
    ]) {
      expect(attempt.statusCode).toBe(409);
      expect(attempt.json().message).toBe(IN_PROGRESS);
    }
    const pending = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, owner.id), eq(orders.kind, 5)));
    expect(pending).toHaveLength(1);
  });
});

/*
 * A client written against vm-lifecycle.md: getVMDataForMultipleRenew answers §3 "Multi-renew
 * data" in full, and renewSelectedVM takes §3 "Multi-renew order" as the spec writes it (FinalPrice,
 * MultiRenewData per VM: vmName, osType, cpu_Count, ram_Count, disk_Count, daysExtended, vm_Cost;
 * taxAmount, totalAmountwithTax, calulatedtaxvalue, serviceType, clientVMID, cost, countryID,
 * paymentGateway, imagePath, byPassflag, daysExtended, currency). Same two machines as above:
 * R816.00 + R122.40 tax + R22.77 arrears = R961.17.
 */
describe('multi-renew as the spec writes it', () => {
  const pair = async () => {
    const first = await insertVm(owner);
    const second = await insertVm(owner, {
      status: 'expired',
      ramGb: 2,
      diskGb: 40,
      vcpus: 1,
      periodDays: 60,
      endsAt: new Date(Date.now() - 3 * DAY_MS - 3_600_000),
    });
    return [first, second] as const;
  };

  /** §3 "Multi-renew order", every field the spec names, for these two machines. */
  const specPayload = (
    first: { id: number; name: string },
    second: { name: string },
    overrides: object = {},
  ) => ({
    FinalPrice: '816.00',
    MultiRenewData: [
      {
        vmName: first.name,
        osType: 'Ubuntu',
        cpu_Count: 2,
        ram_Count: 4,
        disk_Count: 100,
        daysExtended: 0,
        vm_Cost: '420.00',
      },
      {
        vmName: second.name,
        osType: 'Ubuntu',
        cpu_Count: 1,
        ram_Count: 2,
        disk_Count: 40,
        daysExtended: 3,
        vm_Cost: '396.00',
      },
    ],
    taxAmount: '122.40',
    totalAmountwithTax: '961.17',
    calulatedtaxvalue: 15,
    serviceType: 'Proxmox VE',
    clientVMID: first.id,
    cost: '816.00',
    countryID: 1,
    paymentGateway: 'Sandbox Payment',
    imagePath: null,
    byPassflag: 0,
    daysExtended: 3,
    currency: 'ZAR',
    ...overrides,
  });

  const ordersOf = async (customer: Customer) =>
    t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.kind, 5)));

  it('getVMDataForMultipleRenew answers vmSpec, ramCpuDependecy, country, timePeriod, parentVMId, regionID', async () => {
    const [first, second] = await pair();
    const response = await multiData(owner, [first.id, second.id]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(
      data.vmSpec.map((line: { specificationName: string; specificationCount: number }) => [
        line.specificationName,
        line.specificationCount,
      ]),
    ).toEqual([
      ['Memory', 4],
      ['Disk', 100],
      ['Processor', 2],
    ]);
    expect(data.ramCpuDependecy.length).toBeGreaterThan(0);
    expect(data.ramCpuDependecy[0]).toEqual({
      ramStartLimit: expect.any(Number),
      ramEndLimit: expect.any(Number),
      cpuCount: expect.any(Number),
    });
    expect(data.country).toMatchObject({ countryName: expect.any(String), currency: 'ZAR' });
    expect(data.country.countryID).toEqual(expect.any(Number));
    expect(data.timePeriod.map((period: { days: number }) => period.days)).toEqual([
      30, 90, 180, 365,
    ]);
    expect(data.parentVMId).toBe(first.id);
    expect(data.regionID).toEqual(expect.any(Number));
    expect(data.serviceCategory).toBe('Proxmox VE');
    expect(data).toHaveProperty('imagePath');
    expect(data.VMProductDetail.map((vm: { vmName: string }) => vm.vmName)).toEqual([
      first.name,
      second.name,
    ]);
  });

  it('renewSelectedVM takes the spec’s payload, refuses a total that is not the quote and charges nothing', async () => {
    const [first, second] = await pair();
    const before = (await ordersOf(owner)).length;
    const wrong = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second, { totalAmountwithTax: '961.16' }),
    );
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().data.quote.totalPayable).toBe('961.17');
    const otherCurrency = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second, { currency: 'USD' }),
    );
    expect(otherCurrency.statusCode).toBe(409);
    expect(await ordersOf(owner)).toHaveLength(before);

    const response = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second),
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TOrderResponse;
    expect(data).toMatchObject({
      commingFrom: 5,
      amount: '961.17',
      cost: '816.00',
      tax: '122.40',
      penaltyCostRenew: '22.77',
      vmIDs: [first.id, second.id],
    });
    expect(await orderByReference(data.orderID)).toMatchObject({ kind: 5, totalMinor: 96_117 });

    // The spec's completion call answers transactionID, productID, updateID and isClone.
    const completed = await as(owner, '/api/virtualMachine/transactionApiForMultipleRenew', {
      Amount: '961.17',
      CurrencyCode: 'ZAR',
      Optional2: '',
      TransactionReference: data.orderID,
      orderId: data.orderID,
      paymentMode: 'Sandbox Payment',
      status: 'created',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const status = completed.json().data;
    for (const field of ['transactionID', 'productID', 'updateID', 'isClone']) {
      expect(status).toHaveProperty(field);
    }
    expect(status).toMatchObject({ updateID: null, isClone: 0, status: 'pending' });
  });

  it('takes each machine by the ID getVMDataForMultipleRenew gave it when the client sends it', async () => {
    const [first, second] = await pair();
    const listed = (await multiData(owner, [first.id, second.id])).json().data;
    const response = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second, { MultiRenewData: listed.VMProductDetail }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.vmIDs).toEqual([first.id, second.id]);
  });

  it('refuses another customer’s machine, a name two machines share, a repeat and a missing total', async () => {
    const [first, second] = await pair();
    const neighbours = await insertVm(neighbour);
    const foreign = await insertVm(foreigner);
    for (const stranger of [neighbours, foreign]) {
      const refused = await as(
        owner,
        '/api/virtualMachine/renewSelectedVM',
        specPayload(first, stranger, { totalAmountwithTax: '1.00' }),
      );
      expect(refused.statusCode).toBe(404);
    }
    const twin = await insertVm(owner);
    await t.database.db
      .update(virtualMachines)
      .set({ name: first.name })
      .where(eq(virtualMachines.id, twin.id));
    const ambiguous = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second),
    );
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json().message).toBe(
      `Several of your VMs are named ${first.name}. Send each VM's ID to renew it.`,
    );
    const repeated = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second, { MultiRenewData: [{ ID: second.id }, { vmName: second.name }] }),
    );
    expect(repeated.statusCode).toBe(400);
    const { totalAmountwithTax: _total, ...untotalled } = specPayload(first, second);
    const noTotal = await as(owner, '/api/virtualMachine/renewSelectedVM', untotalled);
    expect(noTotal.statusCode).toBe(400);
    expect(noTotal.json().data.errors[0].field).toBe('totalAmountwithTax');
    const noMachines = await as(
      owner,
      '/api/virtualMachine/renewSelectedVM',
      specPayload(first, second, { MultiRenewData: [{ osType: 'Ubuntu' }] }),
    );
    expect(noMachines.statusCode).toBe(400);
    expect(noMachines.json().message).toBe('Each VM to renew needs its ID or vmName');
  });
});

describe('transactionApi’s updateID and isClone (vm-lifecycle.md §7)', () => {
  const pendingOrder = async (kind: number) => {
    const [order] = await t.database.db
      .insert(orders)
      .values(
        orderRow({ companyId: owner.companyId, customerId: owner.id }, 1_000, {
          reference: `RNW-TX-${++nextReference}`,
          kind,
          status: 'pending',
        }),
      )
      .returning({ id: orders.id, reference: orders.reference });
    return order!;
  };

  it('answers the update’s id for an update order and isClone 1 for a clone order', async () => {
    const update = await pendingOrder(4);
    const updated = await as(owner, '/api/virtualMachine/transactionApiForUpdateVm', {
      Optional2: '',
      TransactionReference: update.reference,
      paymentMode: 'Sandbox Payment',
      status: 'created',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ updateID: update.id, isClone: 0 });

    const clone = await pendingOrder(2);
    const cloned = await as(owner, '/api/virtualMachine/transactionApiForCloneVM', {
      TransactionReference: clone.reference,
      paymentMode: 'Sandbox Payment',
    });
    expect(cloned.json().data).toMatchObject({ updateID: null, isClone: 1 });
    // The purchase history row of the same order says the same.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/profileSetting/purchaseHistory',
      cookies: owner.cookies,
      headers: { origin: owner.origin },
    });
    const rows = history.json().data.rows as { orderID: string; updateID: number | null }[];
    expect(rows.find((row) => row.orderID === update.reference)?.updateID).toBe(update.id);
  });
});
