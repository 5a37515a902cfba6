import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { vmProducts } from '../../src/db/schema/catalogue';
import { orders } from '../../src/db/schema/orders';
import { virtualMachines } from '../../src/db/schema/virtual-machines';
import { SimulatorHypervisor } from '../../src/hypervisors/providers/simulator';
import { waitUntil } from './wait-until';

/**
 * Test fixtures of the clone, snapshot and update tests: a customer's machine really made on the
 * simulator, brought to the wanted state, with the paid new-purchase order and the VM row the
 * provisioning job would have left for it.
 */

export const DAY_MS = 86_400_000;

async function productIdNamed(db: Database, companyId: number, name: string) {
  const [row] = await db
    .select({ id: vmProducts.id, serviceType: vmProducts.serviceType })
    .from(vmProducts)
    .where(and(eq(vmProducts.companyId, companyId), eq(vmProducts.name, name)));
  if (!row) throw new Error(`no product ${name}`);
  return row;
}

export type VmFixture = {
  db: Database;
  simulator: SimulatorHypervisor;
  /** Lets the simulator's operations finish: real waiting, or a fake clock moved on. */
  settle: (done: () => Promise<boolean>) => Promise<void>;
  now: () => Date;
};

export type VmSeed = {
  companyId: number;
  customerId: number;
  productName?: string;
  status?: 'running' | 'shutoff' | 'expired' | 'archived';
  ramGb?: number;
  vcpus?: number;
  diskGb?: number;
  isBlocked?: boolean;
  isClone?: boolean;
  /** The machine's end date, this many days (or parts) from now. */
  endsInDays?: number;
};

/** A machine of the company's "Custom GPU-ready Ubuntu" product (it bypasses payment). */
export const CUSTOM_GPU_UBUNTU = {
  productName: 'Custom GPU-ready Ubuntu',
  ramGb: 16,
  vcpus: 6,
  diskGb: 250,
} as const;

/**
 * makeVm for a signed-in customer, on its company's simulator (operations of `operationMs`),
 * waiting in real time: the route tests' machine.
 */
export const makeVmFor = (
  db: Database,
  operationMs: number,
  customer: { id: number; companyId: number },
  seed: Omit<VmSeed, 'companyId' | 'customerId'> = {},
) =>
  makeVm(
    {
      db,
      simulator: new SimulatorHypervisor(
        { operationMs },
        { database: db, companyId: customer.companyId },
      ),
      settle: waitUntil,
      now: () => new Date(),
    },
    { companyId: customer.companyId, customerId: customer.id, ...seed },
  );

export async function makeVm(fixture: VmFixture, seed: VmSeed) {
  const { db, simulator, settle, now } = fixture;
  const productName = seed.productName ?? 'Ubuntu Starter';
  const product = await productIdNamed(db, seed.companyId, productName);
  const sizes = { ramGb: seed.ramGb ?? 4, vcpus: seed.vcpus ?? 2, diskGb: seed.diskGb ?? 40 };
  const { uuid } = await simulator.create({
    name: `fixture ${randomBytes(4).toString('hex')}`,
    image: 'Ubuntu 24.04',
    ...sizes,
  });
  await settle(async () => (await simulator.status(uuid)) === 'running');
  const status = seed.status ?? 'running';
  if (status !== 'running') {
    await simulator.powerOff(uuid);
    await settle(async () => (await simulator.status(uuid)) === 'shutoff');
  }
  const [order] = await db
    .insert(orders)
    .values({
      reference: `FIX-${randomBytes(8).toString('hex')}`,
      companyId: seed.companyId,
      customerId: seed.customerId,
      kind: 1,
      status: 'paid',
      gateway: 'Sandbox Payment',
      currency: 'ZAR',
      costMinor: 10_000,
      discountMinor: 0,
      taxMinor: 1_500,
      totalMinor: 11_500,
      taxBasisPoints: 1500,
      taxBasis: 'afterDiscount',
      chargeCurrency: 'ZAR',
      chargeTotalMinor: 11_500,
      productId: product.id,
      productName,
      operatingSystem: 'Ubuntu 24.04',
      lines: [],
      regionName: 'Johannesburg',
      periodDays: 30,
      expiresAt: new Date(now().getTime() + 3_600_000),
      settledAt: now(),
    })
    .returning({ id: orders.id });
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: seed.companyId,
      customerId: seed.customerId,
      orderId: order!.id,
      productId: product.id,
      name: `vm-${randomBytes(3).toString('hex')}`,
      operatingSystem: 'Ubuntu 24.04',
      serviceType: product.serviceType,
      driver: 'simulator',
      machineUuid: uuid,
      privateAddress: '10.9.8.7',
      status,
      ...sizes,
      periodDays: 30,
      isBlocked: seed.isBlocked ?? false,
      isClone: seed.isClone ?? false,
      startsAt: now(),
      endsAt: new Date(now().getTime() + (seed.endsInDays ?? 30) * DAY_MS),
    })
    .returning();
  return { vm: vm!, uuid, productId: product.id };
}
