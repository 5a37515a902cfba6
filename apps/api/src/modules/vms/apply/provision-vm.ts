import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../db/client';
import { notifications } from '../../../db/schema/accounts';
import { vmProducts } from '../../../db/schema/catalogue';
import { vmRequests, type OrderRow } from '../../../db/schema/orders';
import { virtualMachines, type VmRow } from '../../../db/schema/virtual-machines';
import {
  HypervisorRefused,
  HypervisorUnavailable,
  type Hypervisor,
  type MachineSpec,
} from '../../../hypervisors/provider';
import { driverIdForServiceType } from '../../../hypervisors/registry';
import { mailFromCompany } from '../../../mail/mail-company-and-sender';
import { vmFailedCompanyMail, vmFailedMail, vmReadyMail } from '../../../mail/templates/vm-mails';
import { profileUrl } from './apply-context';
import type { ApplyDeps, ApplyOutcome, PaidOrder } from './paid-order-handler';

/** Runs of the job for one machine before it is given up as failed (polls included). */
export const PROVISIONING_ATTEMPTS = 10;
/** The wait before the next look at a machine that is still being created, by attempt. */
const POLL_SECONDS = [5, 10, 20, 40, 80, 120] as const;
const DAY_MS = 86_400_000;
const MACHINE_NAME_LENGTH = 200;

/**
 * The `vm-request` job of a paid new purchase: creates its machine, waits (by being run again,
 * never by sleeping) until it runs, records it and tells the customer. Everything it knows is in
 * the `virtual_machines` row, so any run (a retry, a duplicate, a run after a restart) takes up
 * where the last one stopped: the row is made once per order, the machine is created only while
 * the row has no UUID, and the move to running or failed is one conditional statement whose one
 * winner writes the bell notification and queues the mail.
 */
export async function provisionVm(deps: ApplyDeps, paid: PaidOrder): Promise<ApplyOutcome> {
  const now = deps.now ?? (() => new Date());
  if (paid.requestStatus === null) return { status: 'ignored' };
  const { order } = paid;
  const [product] =
    order.productId === null
      ? []
      : await deps.db
          .select({ serviceType: vmProducts.serviceType })
          .from(vmProducts)
          .where(eq(vmProducts.id, order.productId));
  const serviceType = product?.serviceType ?? '';
  const driverId = driverOf(serviceType);
  const sizes = sizesOf(order);

  await deps.db
    .insert(virtualMachines)
    .values({
      companyId: order.companyId,
      customerId: order.customerId,
      orderId: order.id,
      productId: order.productId,
      name: order.productName,
      operatingSystem: order.operatingSystem,
      serviceType,
      driver: driverId ?? '',
      ramGb: sizes.ramGb,
      vcpus: sizes.vcpus,
      diskGb: sizes.diskGb,
      periodDays: order.periodDays,
      isGoldCopy: order.isGoldCopy,
    })
    .onConflictDoNothing({ target: virtualMachines.orderId });

  // This run counts as one attempt; a machine no longer provisioning returns nothing.
  const [machine] = await deps.db
    .update(virtualMachines)
    .set({
      provisioningAttempts: sql`${virtualMachines.provisioningAttempts} + 1`,
      updatedAt: now(),
    })
    .where(and(eq(virtualMachines.orderId, order.id), eq(virtualMachines.status, 'provisioning')))
    .returning();
  if (!machine) return settledOutcome(deps.db, order.id);

  const lastAttempt = machine.provisioningAttempts >= PROVISIONING_ATTEMPTS;
  if (driverId === null)
    return fail(deps, paid, machine, 'no hypervisor for the service type', now());
  if (sizes.ramGb < 1 || sizes.vcpus < 1 || sizes.diskGb < 1) {
    return fail(deps, paid, machine, 'the order has no memory, processor or disk size', now());
  }

  try {
    // Once created, the machine is looked at on the driver that made it.
    const hypervisor = await deps.connect(
      serviceType,
      order.companyId,
      machine.machineUuid ? machine.driver : undefined,
    );
    const uuid = machine.machineUuid ?? (await createMachine(deps.db, hypervisor, order, machine));
    const state = await hypervisor.status(uuid);
    if (state === 'running') {
      const details = await hypervisor.details(uuid);
      return markRunning(deps, paid, machine, details.privateAddress, now());
    }
    if (state === 'provisioning' || state === 'busy') {
      if (lastAttempt) return fail(deps, paid, machine, 'the machine did not start in time', now());
      return { status: 'waiting', retryInSeconds: pollDelay(machine.provisioningAttempts) };
    }
    return fail(deps, paid, machine, `the hypervisor reports the machine ${state}`, now());
  } catch (error) {
    if (error instanceof HypervisorRefused && error.reason !== 'busy') {
      return fail(deps, paid, machine, `the hypervisor refused: ${error.reason}`, now());
    }
    const reason =
      error instanceof HypervisorUnavailable
        ? `the hypervisor is unavailable: ${error.message}`
        : error instanceof HypervisorRefused
          ? 'the hypervisor is busy'
          : 'unexpected error while provisioning';
    if (lastAttempt) return fail(deps, paid, machine, reason, now());
    await deps.db
      .update(virtualMachines)
      .set({ lastError: reason, updatedAt: now() })
      .where(eq(virtualMachines.id, machine.id));
    throw error;
  }
}

function driverOf(serviceType: string): string | null {
  try {
    return driverIdForServiceType(serviceType);
  } catch {
    return null;
  }
}

/** RAM (GB), vCPUs and disk (GB) from the order's Memory, Processor and Disk lines. */
function sizesOf(order: OrderRow): { ramGb: number; vcpus: number; diskGb: number } {
  const count = (name: 'Memory' | 'Disk' | 'Processor') =>
    order.lines.find((line) => line.name === name)?.count ?? 0;
  return { ramGb: count('Memory'), vcpus: count('Processor'), diskGb: count('Disk') };
}

function pollDelay(attempt: number): number {
  return POLL_SECONDS[Math.min(attempt, POLL_SECONDS.length) - 1] ?? POLL_SECONDS[0];
}

/**
 * Asks the hypervisor for the machine and records its UUID only if no other run recorded one.
 * Runs of one order follow one another (each run queues the next only when it ends), and every
 * run asks with the order's creation key, so the hypervisor makes one machine however many runs
 * ask; the condition keeps the first UUID should a duplicate job ever race.
 */
async function createMachine(
  db: Database,
  hypervisor: Hypervisor,
  order: OrderRow,
  machine: VmRow,
): Promise<string> {
  const spec: MachineSpec = {
    name: `${order.productName} ${order.id}`.slice(0, MACHINE_NAME_LENGTH),
    // A run that created the machine but stopped before recording its UUID (a crash, a lost
    // answer) is followed by one that asks again: the key makes it the same machine.
    creationKey: `order-${order.id}`,
    image: order.operatingSystem,
    ramGb: machine.ramGb,
    vcpus: machine.vcpus,
    diskGb: machine.diskGb,
  };
  const { uuid } = await hypervisor.create(spec);
  const [recorded] = await db
    .update(virtualMachines)
    .set({ machineUuid: uuid, driver: hypervisor.driverId })
    .where(and(eq(virtualMachines.id, machine.id), sql`${virtualMachines.machineUuid} IS NULL`))
    .returning({ uuid: virtualMachines.machineUuid });
  if (recorded) return uuid;
  const [winner] = await db
    .select({ uuid: virtualMachines.machineUuid })
    .from(virtualMachines)
    .where(eq(virtualMachines.id, machine.id));
  return winner!.uuid!;
}

async function settledOutcome(db: Database, orderId: number): Promise<ApplyOutcome> {
  const [row] = await db
    .select({ status: virtualMachines.status })
    .from(virtualMachines)
    .where(eq(virtualMachines.orderId, orderId));
  return row?.status === 'failed' ? { status: 'failed' } : { status: 'running' };
}

/** The move to running with its request, bell and mail: only the run whose UPDATE wins. */
async function markRunning(
  deps: ApplyDeps,
  { order, company, email }: PaidOrder,
  machine: VmRow,
  privateAddress: string | null,
  now: Date,
): Promise<ApplyOutcome> {
  const endsAt = new Date(now.getTime() + machine.periodDays * DAY_MS);
  const notice =
    order.language === 'ko'
      ? `${order.productName} 가상 머신(주문 ${order.reference})이 실행 중입니다. 제품 탭에서 보기를 눌러 접속 정보를 확인하세요.`
      : `Your virtual machine ${order.productName} (order ${order.reference}) is running. Open View in the Products tab for its access details.`;
  await deps.mail.inTransaction(async (tx, mail) => {
    const moved = await tx.execute(sql`
      WITH vm AS (
        UPDATE ${virtualMachines} SET status = 'running', private_address = ${privateAddress},
          starts_at = ${now.toISOString()}::timestamptz, ends_at = ${endsAt.toISOString()}::timestamptz,
          last_error = NULL, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${machine.id} AND status = 'provisioning'
        RETURNING order_id, customer_id
      ),
      request AS (
        UPDATE ${vmRequests} SET status = 'provisioned' WHERE order_id IN (SELECT order_id FROM vm)
      ),
      bell AS (
        INSERT INTO ${notifications} (customer_id, detail) SELECT customer_id, ${notice} FROM vm
      )
      SELECT order_id FROM vm`);
    if (rowsOf(moved).length === 0) return;
    await mailFromCompany(mail, company, {
      kind: `vm-ready-${order.reference}`,
      to: email,
      render: (brand) =>
        vmReadyMail(brand, order.language, {
          reference: order.reference,
          productName: order.productName,
          profileUrl: profileUrl(company),
        }),
    });
  });
  return settledOutcome(deps.db, order.id);
}

/**
 * The final failure: the machine and its request marked failed, the customer and the company
 * told, by the one run whose UPDATE wins. Orders and payment rows are not touched.
 */
async function fail(
  deps: ApplyDeps,
  { order, company, email }: PaidOrder,
  machine: VmRow,
  reason: string,
  now: Date,
): Promise<ApplyOutcome> {
  const notice =
    order.language === 'ko'
      ? `${order.productName} 가상 머신(주문 ${order.reference})을 준비하지 못했습니다. 저희 팀에 알렸으며 결제하신 금액은 손실되지 않았습니다.`
      : `We could not set up your virtual machine ${order.productName} (order ${order.reference}). Our team has been told; you have not lost your payment.`;
  await deps.mail.inTransaction(async (tx, mail) => {
    const moved = await tx.execute(sql`
      WITH vm AS (
        UPDATE ${virtualMachines} SET status = 'failed', last_error = ${reason},
          updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${machine.id} AND status = 'provisioning'
        RETURNING order_id, customer_id
      ),
      request AS (
        UPDATE ${vmRequests} SET status = 'provisioning-failed'
        WHERE order_id IN (SELECT order_id FROM vm)
      ),
      bell AS (
        INSERT INTO ${notifications} (customer_id, detail) SELECT customer_id, ${notice} FROM vm
      )
      SELECT order_id FROM vm`);
    if (rowsOf(moved).length === 0) return;
    const details = {
      reference: order.reference,
      productName: order.productName,
      profileUrl: profileUrl(company),
    };
    await mailFromCompany(mail, company, {
      kind: `vm-failed-${order.reference}`,
      to: email,
      render: (brand) => vmFailedMail(brand, order.language, details),
    });
    if (company.email) {
      await mailFromCompany(mail, company, {
        kind: `vm-failed-company-${order.reference}`,
        to: company.email,
        render: (brand) => vmFailedCompanyMail(brand, { ...details, customerEmail: email, reason }),
      });
    }
  });
  return settledOutcome(deps.db, order.id);
}
