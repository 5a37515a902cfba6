import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupMessages } from '@cloud-portal/contract/vms/backup-pricing';
import { createTestAppWithMail } from '../../../../test/support/test-app';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { waitUntil } from '../../../../test/support/wait-until';
import { orders } from '../../../db/schema/orders';
import { orderTargets, vmBackups, virtualMachines } from '../../../db/schema/virtual-machines';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { createMailService } from '../../../mail/mail-service';
import { recordingJobQueue } from '../../../../test/support/lifecycle-fixtures';
import { sweepVmLifecycle } from './vm-expiry';
import { CUSTOM_GPU_UBUNTU, DAY_MS, makeVmFor } from '../../../../test/support/vm-order-fixtures';

/**
 * Issue 25 item 6 (ADR 019 amended): a restored clone runs for what was paid for it — the
 * clone's own bought duration, ending when the backup's kept time does — not until its parent's
 * end date; then it expires and is renewed like any machine, at its own sizes' price.
 */

const OPERATION_MS = 50;

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let owner: SignedInCustomer;

beforeAll(async () => {
  t = await createTestAppWithMail({ SIMULATOR_OPERATION_MS: String(OPERATION_MS) });
  owner = await signUpCustomer(t);
});
afterAll(() => t.close());

const simulatorOf = (companyId: number) =>
  new SimulatorHypervisor({ operationMs: OPERATION_MS }, { database: t.database.db, companyId });

const call = (path: string, payload: object) => postAs(t.app, owner, `/api/${path}`, payload);

/** Custom GPU-ready Ubuntu (bypasses payment), 16 GB / 6 vCPU / 250 GB, 90 days left. */
const parentVm = () =>
  makeVmFor(t.database.db, OPERATION_MS, owner, { ...CUSTOM_GPU_UBUNTU, endsInDays: 90 });

const vmRow = async (id: number) =>
  (await t.database.db.select().from(virtualMachines).where(eq(virtualMachines.id, id)))[0]!;

describe('a restored clone (issue 25 item 6)', () => {
  it('runs until its own bought end date, then expires and is renewed at its own price', async () => {
    const { vm: parent } = await parentVm();
    // Two weeks: 250 × 1.40 × 336 h / 720 = 163.333… → 163.33; VAT 15 % 24.50; 187.83.
    const bought = await call('virtualMachine/createOrderForcloneVM', {
      productID: parent.id,
      cloneDuration: 2,
      cloneDurationType: 'Weekly',
      cloneOptionType: 'Clone',
      totalAmount: '187.83',
      byPassflag: 1,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, bought.json().data.orderID));
    const readyBackup = async () =>
      (await t.database.db.select().from(vmBackups).where(eq(vmBackups.orderId, order!.id)))[0];
    await waitUntil(async () => (await readyBackup())?.status === 'ready', 30_000);
    const backup = (await readyBackup())!;
    const boughtEnd = backup.expiresAt!;
    expect(boughtEnd.getTime() - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
    expect(boughtEnd.getTime() - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);

    const restored = await call('virtualMachine/restoreCloneVM', {
      cloneVmUUID: backup.hypervisorRef,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const cloneId = restored.json().data.vmID as number;
    const clone = await vmRow(cloneId);
    // Its own end date and period, not its parent's 90 days.
    expect(clone.endsAt!.toISOString()).toBe(boughtEnd.toISOString());
    expect(clone.endsAt!.getTime()).toBeLessThan(parent.endsAt!.getTime() - 70 * DAY_MS);
    expect(clone.periodDays).toBe(14);
    const listed = await getAs(t.app, owner, '/api/vmAction/activeVMs?page=1');
    expect(listed.json().data.rows.find((row: { ID: number }) => row.ID === cloneId)).toMatchObject(
      { isClone: 1, endDate: boughtEnd.toISOString() },
    );

    // The Products tab's status call sees it run (a restored clone is busy until then).
    await waitUntil(async () => {
      const status = await call('vmAction/getVMStatus', { virDomainUUID: backup.hypervisorRef });
      return status.json().data?.state === 'running';
    }, 30_000);

    // Renewed like any machine at its own sizes: 16 × 48.00 + 250 × 1.40 + 6 × 90.00 = 1 658.00
    // for 30 days; in a multi-renewal for its own 14 days: 358.40 + 163.33 + 252.00 = 773.73.
    const renewDetail = await call('virtualMachine/getVMDetailForRenew', { productID: cloneId });
    expect(renewDetail.statusCode, renewDetail.body).toBe(200);
    const month = renewDetail
      .json()
      .data.quotes.find((quote: { days: number }) => quote.days === 30);
    expect(month).toMatchObject({ totalPrice: '1658.00', taxAmount: '248.70' });
    expect(renewDetail.json().data.VMDetail).toMatchObject({
      validity: 14,
      endDate: boughtEnd.toISOString(),
    });
    const multi = await call('virtualMachine/getVMDataForMultipleRenew', {
      renewVMData: [cloneId],
    });
    expect(multi.json().data.VMProductDetail[0]).toMatchObject({
      renewDays: 14,
      vm_Cost: '773.73',
    });

    // At its own end date it expires; its parent, 90 days from its end, does not.
    const jobs = recordingJobQueue();
    const sweep = await sweepVmLifecycle(
      {
        db: t.database.db,
        mail: createMailService(t.database.db, jobs, 'portal@example.com'),
        jobs,
        archiveGraceDays: 7,
      },
      new Date(boughtEnd.getTime() + 60_000),
    );
    expect(sweep.expired).toBeGreaterThanOrEqual(1);
    expect((await vmRow(cloneId)).status).toBe('expired');
    expect((await vmRow(parent.id)).status).toBe('running');

    // Renewed for 30 days at its price: the end date moves from its own, by 30 days.
    const renewed = await call('virtualMachine/renewVM', {
      productID: cloneId,
      timePeriod: 30,
      totalAmount: month.totalPayable,
      byPassflag: 1,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data).toMatchObject({ status: 'paid', amount: '1906.70' });
    await waitUntil(
      async () => (await vmRow(cloneId)).endsAt!.getTime() > boughtEnd.getTime(),
      30_000,
    );
    expect((await vmRow(cloneId)).endsAt!.getTime()).toBe(boughtEnd.getTime() + 30 * DAY_MS);
  }, 90_000);

  it('cannot be restored once the time paid for it has passed', async () => {
    const { vm: parent } = await parentVm();
    const simulator = simulatorOf(owner.companyId);
    const name = `${parent.name} clone seeded-${randomBytes(3).toString('hex')}`;
    const { uuid } = await simulator.clone(parent.machineUuid!, name);
    await waitUntil(async () => (await simulator.status(uuid)) === 'shutoff');
    const [order] = await t.database.db
      .insert(orders)
      .values({
        reference: `BKP-${randomBytes(8).toString('hex')}`,
        companyId: owner.companyId,
        customerId: owner.id,
        kind: 2,
        status: 'paid',
        currency: 'ZAR',
        costMinor: 1167,
        discountMinor: 0,
        taxMinor: 175,
        totalMinor: 1342,
        taxBasisPoints: 1500,
        taxBasis: 'afterDiscount',
        chargeCurrency: 'ZAR',
        chargeTotalMinor: 1342,
        productName: parent.name,
        operatingSystem: parent.operatingSystem,
        lines: [],
        periodDays: 1,
        expiresAt: new Date(Date.now() - 2 * DAY_MS),
        appliedAt: new Date(Date.now() - 2 * DAY_MS),
      })
      .returning({ id: orders.id });
    await t.database.db
      .insert(orderTargets)
      .values({ orderId: order!.id, vmId: parent.id, companyId: owner.companyId, costMinor: 1167 });
    await t.database.db.insert(vmBackups).values({
      companyId: owner.companyId,
      customerId: owner.id,
      vmId: parent.id,
      orderId: order!.id,
      kind: 'clone',
      hypervisorRef: uuid,
      name,
      ramGb: 16,
      vcpus: 6,
      diskGb: 250,
      durationCount: 1,
      durationType: 'Daily',
      status: 'ready',
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    const restored = await call('virtualMachine/restoreCloneVM', { cloneVmUUID: uuid });
    expect(restored.statusCode, restored.body).toBe(409);
    expect(restored.json().message).toBe(backupMessages.clonePeriodEnded);
    const [backup] = await t.database.db
      .select()
      .from(vmBackups)
      .where(eq(vmBackups.hypervisorRef, uuid));
    expect(backup!.status).toBe('ready');
  }, 60_000);
});
