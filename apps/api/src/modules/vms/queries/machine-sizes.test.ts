import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail } from '../../../../test/support/test-app';
import {
  getAs,
  postAs,
  signUpCustomer,
  type SignedInCustomer,
} from '../../../../test/support/signed-in-customer';
import { waitUntil } from '../../../../test/support/wait-until';
import { orders } from '../../../db/schema/orders';
import { vmBackups } from '../../../db/schema/virtual-machines';
import { SimulatorHypervisor } from '../../../hypervisors/providers/simulator';
import { CUSTOM_GPU_UBUNTU, makeVmFor } from '../../../../test/support/vm-order-fixtures';

/**
 * Issue 25 item 5: a machine's sizes have one source. After two "Add Disk" updates every call
 * that shows the machine (Products and Backup tabs, Renewals) and every quote (Update, Renew,
 * multi-renew, Clone, Snapshot) says and bills the same disk, and the card's price for the
 * machine's period is the same on Update and on Renew.
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

const get = (path: string) => getAs(t.app, owner, `/api/${path}`);

async function appliedOrder(reference: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await t.database.db
      .select({ id: orders.id, appliedAt: orders.appliedAt })
      .from(orders)
      .where(eq(orders.reference, reference));
    if (row?.appliedAt) return row.id;
    if (Date.now() > deadline) throw new Error(`order ${reference} was not applied`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Row = { ID: number; disk_Count: number; ram_Count: number; cpu_Count: number };

describe('a machine with two added disks (issue 25 item 5)', () => {
  it('is shown and billed with all its disks by every read call and every quote', async () => {
    // Custom GPU-ready Ubuntu (bypasses payment): Memory 48.00/GB, Disk 1.40/GB, Processor
    // 90.00/vCPU per 30 days, VAT 15 %; 16 GB / 6 vCPU / 250 GB, 11.5 days left (priced as 12).
    const { vm, uuid } = await makeVmFor(t.database.db, OPERATION_MS, owner, {
      ...CUSTOM_GPU_UBUNTU,
      endsInDays: 11.5,
    });
    // Each added 50 GB disk: 50 × 1.40 × 12/30 = 28.00, VAT 4.20, 32.20.
    for (let disk = 1; disk <= 2; disk += 1) {
      const response = await call('virtualMachine/updateVM', {
        productID: vm.id,
        updateType: 'Disk',
        diskCount: 50,
        totalAmount: '32.20',
        byPassflag: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
      await appliedOrder(response.json().data.orderID);
    }
    await waitUntil(
      async () => (await simulatorOf(owner.companyId).details(uuid)).addedDisksGb.length === 2,
    );
    const DISK = 350;

    // The Products tab, and the Backup tab (which lists the same machines).
    const active = await get('vmAction/activeVMs?page=1');
    expect(active.statusCode, active.body).toBe(200);
    const listed = (active.json().data.rows as Row[]).find((row) => row.ID === vm.id);
    expect(listed).toMatchObject({ disk_Count: DISK, ram_Count: 16, cpu_Count: 6 });

    // The Renewals tab (its end date is within 30 days).
    const renewals = await get('vmAction/renewalVMs?page=1');
    expect(renewals.statusCode, renewals.body).toBe(200);
    expect((renewals.json().data.rows as Row[]).find((row) => row.ID === vm.id)).toMatchObject({
      disk_Count: DISK,
    });

    // Update: its own disk and the added ones, priced as a whole.
    const update = await call('virtualMachine/getVMDetailForUpdateVM', { productID: vm.id });
    expect(update.statusCode, update.body).toBe(200);
    const updateVm = update.json().data.VMDetail;
    expect(updateVm.disk_Count + updateVm.addedDisks.reduce((a: number, b: number) => a + b)).toBe(
      DISK,
    );
    // Renew: the same disk, the same card price for the machine's 30-day period:
    // 16 × 48.00 + 350 × 1.40 + 6 × 90.00 = 768.00 + 490.00 + 540.00 = 1 798.00.
    const renew = await call('virtualMachine/getVMDetailForRenew', { productID: vm.id });
    expect(renew.statusCode, renew.body).toBe(200);
    const renewData = renew.json().data;
    expect(renewData.VMDetail.disk_Count).toBe(DISK);
    expect(
      renewData.vmSpec.find(
        (line: { specificationName: string }) => line.specificationName === 'Disk',
      ).specificationCount,
    ).toBe(DISK);
    const month = renewData.quotes.find((quote: { days: number }) => quote.days === 30);
    expect(month.totalPrice).toBe('1798.00');
    expect(month.lines.find((line: { item: string }) => line.item === 'Disk')).toMatchObject({
      size: DISK,
      price: '490.00',
    });
    expect(renewData.VMDetail.vm_Cost).toBe('1798.00');
    expect(updateVm.vm_Cost).toBe(renewData.VMDetail.vm_Cost);

    // Multi-renew.
    const multi = await call('virtualMachine/getVMDataForMultipleRenew', { renewVMData: [vm.id] });
    expect(multi.statusCode, multi.body).toBe(200);
    expect(multi.json().data.VMProductDetail[0]).toMatchObject({
      disk_Count: DISK,
      vm_Cost: '1798.00',
    });

    // Clone and snapshot screens: the copy is of every disk, and so is its bill.
    for (const path of ['getVMDetailForCloneVm', 'getVMDetailForSnapshotVm']) {
      const detail = await call(`virtualMachine/${path}`, { productID: vm.id });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.diskSize).toBe(DISK);
      expect(detail.json().data.VMDetail.vm_Cost).toBe('1798.00');
    }
    // A one-day clone: 350 × 1.40 × 24/720 = 16.333… → 16.33, VAT 2.45, 18.78; made by its job,
    // the Backup tab's clone row says the same disk.
    const clone = await call('virtualMachine/createOrderForcloneVM', {
      productID: vm.id,
      cloneDuration: 1,
      cloneDurationType: 'Daily',
      cloneOptionType: 'Clone',
      totalAmount: '18.78',
      byPassflag: 1,
    });
    expect(clone.statusCode, clone.body).toBe(200);
    const cloneOrderId = await appliedOrder(clone.json().data.orderID);
    const [backup] = await t.database.db
      .select()
      .from(vmBackups)
      .where(eq(vmBackups.orderId, cloneOrderId));
    const backups = await get(`vmAction/vmBackups?vmId=${vm.id}`);
    expect(backups.statusCode, backups.body).toBe(200);
    expect(
      backups.json().data.rows.find((row: { ID: number }) => row.ID === backup!.id),
    ).toMatchObject({ cloneDisk_Count: DISK, cloneRAM_Count: 16, cloneCPU_Count: 6 });

    // The clone, restored, is a machine with the same disks (its copy took them all), shown and
    // renewed as such.
    const restored = await call('virtualMachine/restoreCloneVM', {
      cloneVmUUID: backup!.hypervisorRef,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const cloneId = restored.json().data.vmID as number;
    const withClone = await get('vmAction/activeVMs?page=1');
    expect((withClone.json().data.rows as Row[]).find((row) => row.ID === cloneId)).toMatchObject({
      disk_Count: DISK,
      ram_Count: 16,
      cpu_Count: 6,
    });
    const cloneUpdate = await call('virtualMachine/getVMDetailForUpdateVM', {
      productID: cloneId,
    });
    expect(cloneUpdate.statusCode, cloneUpdate.body).toBe(200);
    expect(cloneUpdate.json().data).toMatchObject({ canAddDisk: false });
    expect(cloneUpdate.json().data.VMDetail).toMatchObject({
      disk_Count: 250,
      addedDisks: [50, 50],
      // Its own period (the one day bought): 768.00/30 + 490.00/30 + 540.00/30 = 59.93.
      validity: 1,
      vm_Cost: '59.93',
    });

    // The page read after the disks came is not an older answer kept from before them.
    const again = await get('vmAction/activeVMs?page=1');
    expect((again.json().data.rows as Row[]).find((row) => row.ID === vm.id)!.disk_Count).toBe(
      DISK,
    );
  }, 90_000);
});
