import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { customers } from '../../src/db/schema/accounts';
import { companyDomains } from '../../src/db/schema/company';
import { orders } from '../../src/db/schema/orders';
import { type VM_STATUSES, virtualMachines, vmBackups } from '../../src/db/schema/virtual-machines';
import type { Hypervisor } from '../../src/hypervisors/provider';
import type { JobQueue } from '../../src/jobs/job-queue';

/**
 * Test fixtures of the expiry and archive tests (ADR 017): customers, paid orders and their
 * machines written as the provisioning job leaves them, and a job queue that only records.
 */

export const SERVICE_TYPE = 'Proxmox VE';

export async function companyIdOf(db: Database, origin: string): Promise<number> {
  const [domain] = await db
    .select({ companyId: companyDomains.companyId })
    .from(companyDomains)
    .where(eq(companyDomains.origin, origin));
  return domain!.companyId;
}

/** A customer row of `companyId` (no usable password), named as `who` says or Thandi Owner. */
export async function insertCustomer(
  db: Database,
  companyId: number,
  who: { email?: string; firstName?: string; lastName?: string; mobileNumber?: string } = {},
) {
  const email = who.email ?? `owner-${randomBytes(5).toString('hex')}@example.co.za`;
  const [customer] = await db
    .insert(customers)
    .values({
      companyId,
      email,
      passwordHash: 'not-a-real-hash',
      firstName: who.firstName ?? 'Thandi',
      lastName: who.lastName ?? 'Owner',
      dialCode: '+27',
      mobileNumber: who.mobileNumber ?? '825550199',
      address: '1 Long Street',
      city: 'Cape Town',
      state: 'Western Cape',
      postalCode: '8001',
      region: 'South Africa',
    })
    .returning({ id: customers.id });
  return { id: customer!.id, companyId, email };
}

export type VmSeed = {
  companyId: number;
  customerId: number;
  endsAt: Date | null;
  startsAt?: Date | null;
  status?: (typeof VM_STATUSES)[number];
  machineUuid?: string | null;
  language?: 'en' | 'ko';
  name?: string;
  aliasName?: string | null;
  isBlocked?: boolean;
  expiredAt?: Date | null;
  archivedAt?: Date | null;
};

/** A paid order and the machine it bought. */
export async function insertVm(db: Database, seed: VmSeed) {
  const reference = `ord-${randomBytes(8).toString('hex')}`;
  const [order] = await db
    .insert(orders)
    .values({
      reference,
      companyId: seed.companyId,
      customerId: seed.customerId,
      kind: 1,
      status: 'paid',
      gateway: 'PayFast Payment',
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
      language: seed.language ?? 'en',
      expiresAt: new Date(),
    })
    .returning({ id: orders.id });
  const [vm] = await db
    .insert(virtualMachines)
    .values({
      companyId: seed.companyId,
      customerId: seed.customerId,
      orderId: order!.id,
      name: seed.name ?? `vm-${reference.slice(4, 12)}`,
      aliasName: seed.aliasName ?? null,
      operatingSystem: 'Ubuntu 24.04',
      serviceType: SERVICE_TYPE,
      driver: 'simulator',
      machineUuid: seed.machineUuid ?? null,
      privateAddress: '10.0.0.5',
      status: seed.status ?? 'running',
      ramGb: 4,
      vcpus: 2,
      diskGb: 80,
      periodDays: 30,
      isBlocked: seed.isBlocked ?? false,
      startsAt:
        seed.startsAt === undefined
          ? seed.endsAt && new Date(seed.endsAt.getTime() - 30 * 86_400_000)
          : seed.startsAt,
      endsAt: seed.endsAt,
      expiredAt: seed.expiredAt ?? null,
      archivedAt: seed.archivedAt ?? null,
    })
    .returning();
  return vm!;
}

export type BackupSeed = {
  kind: 'clone' | 'snapshot';
  status?: 'ready' | 'restored' | 'deleted';
  durationCount: number;
  durationType: 'Daily' | 'Weekly' | 'Monthly';
  expiresAt: Date;
};

/** A clone or snapshot of `vm` (its size, company and owner), as its paid order's job leaves it. */
export async function insertBackup(
  db: Database,
  vm: typeof virtualMachines.$inferSelect,
  { kind, status = 'ready', durationCount, durationType, expiresAt }: BackupSeed,
) {
  const [backup] = await db
    .insert(vmBackups)
    .values({
      companyId: vm.companyId,
      customerId: vm.customerId,
      vmId: vm.id,
      kind,
      hypervisorRef: randomBytes(16).toString('hex'),
      name: `${vm.name} ${kind} ${status}`,
      ramGb: vm.ramGb,
      vcpus: vm.vcpus,
      diskGb: vm.diskGb,
      durationCount,
      durationType,
      status,
      expiresAt,
    })
    .returning();
  return backup!;
}

/** A running machine at the simulator: created, then given the time the create takes. */
export async function runningMachine(
  hypervisor: Hypervisor,
  settle: () => unknown,
): Promise<string> {
  const { uuid } = await hypervisor.create({
    name: `machine ${randomBytes(3).toString('hex')}`,
    image: 'Ubuntu 24.04',
    ramGb: 4,
    vcpus: 2,
    diskGb: 80,
  });
  await settle();
  const state = await hypervisor.status(uuid);
  if (state !== 'running') throw new Error(`the machine is ${state}, not running`);
  return uuid;
}

export type RecordedJob = { queue: string; data: Record<string, unknown> };

/** A job queue that records what is sent and works nothing. */
export function recordingJobQueue(): JobQueue & { sent: RecordedJob[] } {
  const sent: RecordedJob[] = [];
  return {
    sent,
    send: async (queue, data) => {
      sent.push({ queue, data: data as Record<string, unknown> });
    },
    sendMany: async (jobs) => {
      for (const job of jobs)
        sent.push({ queue: job.queue, data: job.data as Record<string, unknown> });
    },
    work: async () => {},
    wake: () => {},
    stop: async () => {},
  };
}
