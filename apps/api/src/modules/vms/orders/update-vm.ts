import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canAdjustSpecifications,
  isSameAmount,
  toPricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { toMinor } from '@cloud-portal/contract/pricing/money';
import {
  MAX_ADDED_DISKS,
  needsShutOff,
  quoteUpdate,
  remainingDays,
  UPDATE_TYPES,
  updateChoiceErrors,
  updateMessages,
  type CurrentSizes,
  type UpdateChoice,
} from '@cloud-portal/contract/vms/update-pricing';
import type {
  TUpdateVmDetailResponse,
  ZUpdateVmRequest,
} from '@cloud-portal/contract/vms/update-vm';
import type { Database } from '../../../db/client';
import type { OrderedLine } from '../../../db/schema/orders';
import { AppError } from '../../../errors';
import type { HypervisorConnector } from '../../../hypervisors/company-hypervisors';
import type { MachineState } from '../../../hypervisors/provider';
import { placeOrder, type OrderDeps, type PlacedOrder } from '../../orders/place-order';
import {
  currencyOf,
  hasUpdateInProgress,
  loadVmOrderContext,
  toVmOrderCatalogue,
  toVmOrderDetail,
  type VmOrderContext,
} from './vm-order-detail';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/** The machine states an update can be ordered in (busy: a power change still settling). */
const UPDATABLE_STATUSES = ['running', 'shutoff', 'busy'] as const;

type UpdateDeps = { db: Database; hypervisors: HypervisorConnector; now?: () => Date };

async function loadUpdatable(db: Database, owner: OwnerScope, vmId: number) {
  const context = await loadVmOrderContext(db, owner, vmId, 'update');
  if (
    !(UPDATABLE_STATUSES as readonly string[]).includes(context.vm.status) ||
    !context.vm.endsAt
  ) {
    throw new AppError(409, updateMessages.notUpdatable);
  }
  return context;
}

const currentSizes = (context: VmOrderContext): CurrentSizes => ({
  memory: context.vm.ramGb,
  processor: context.vm.vcpus,
  disk: context.vm.diskGb,
  addedDisks: context.addedDisks,
});

/**
 * What the hypervisor says the machine is doing, or the portal's last record when it cannot be
 * asked: the order only needs to know whether a RAM/CPU change will meet a running machine.
 */
async function liveState(
  deps: UpdateDeps,
  context: VmOrderContext,
): Promise<MachineState | string> {
  const { vm } = context;
  if (!vm.machineUuid) return vm.status;
  try {
    const hypervisor = await deps.hypervisors(vm.serviceType, vm.companyId, vm.driver || undefined);
    return await hypervisor.status(vm.machineUuid);
  } catch {
    return vm.status;
  }
}

/** getVMDetailForUpdateVM. */
export async function getUpdateVmDetail(
  deps: UpdateDeps,
  owner: OwnerScope,
  vmId: number,
): Promise<TUpdateVmDetailResponse> {
  const now = (deps.now ?? (() => new Date()))();
  const context = await loadUpdatable(deps.db, owner, vmId);
  const state = await liveState(deps, context);
  return {
    ...toVmOrderCatalogue(context.details),
    VMDetail: toVmOrderDetail(context),
    updateTypes: [...UPDATE_TYPES],
    remainingDays: remainingDays(context.vm.endsAt!, now),
    maxAddedDisks: MAX_ADDED_DISKS,
    canAddDisk: context.addedDisks.length < MAX_ADDED_DISKS,
    isFixedSpecification: !canAdjustSpecifications(toPricedProduct(context.details)),
    isRunning: state === 'running',
  };
}

type UpdateVmInput = z.output<typeof ZUpdateVmRequest>;

function choiceOf(input: UpdateVmInput, current: CurrentSizes): UpdateChoice {
  if (input.updateType === 'Disk') return { updateType: 'Disk', addDisk: input.diskCount };
  return {
    updateType: 'RamAndCpu',
    memory: input.ramCount ?? current.memory,
    processor: input.processorCount ?? current.processor,
    disk: input.diskCount,
  };
}

/** The first key of the transaction-level advisory locks that serialise a machine's updates. */
const UPDATE_LOCK_SPACE = 0x555044; // "UPD"

/**
 * updateVM (kind 4): the machine's product decides what may change (its ranges and steps, the CPU
 * following memory, the disk only growing, at most two added disks) and what it costs for the
 * days left (409 with data.quote when the customer's total differs). A RAM/CPU change meets a
 * running machine only with the customer's consent to a power cycle (ADR 019). One update at a
 * time per machine. Then `placeOrder` checks the gateway, writes the order and asks for payment;
 * the paid order's job applies it (apply-update.ts).
 */
export async function createUpdateOrder(
  deps: OrderDeps & UpdateDeps,
  owner: OwnerScope,
  input: UpdateVmInput,
  context: { origin: string; language: TLanguage },
): Promise<PlacedOrder & { countryCode: string }> {
  const now = (deps.now ?? (() => new Date()))();
  const machine = await loadUpdatable(deps.db, owner, input.productID);
  const { vm, details, region } = machine;
  const product = toPricedProduct(details);
  const current = currentSizes(machine);
  const choice = choiceOf(input, current);
  const errors = updateChoiceErrors(product, current, choice);
  if (errors.length > 0) {
    // The two-disk limit is a state of the machine, not a bad field: 409 like the spec's screen.
    const status = errors[0]!.message === updateMessages.maxDisks ? 409 : 400;
    throw new AppError(status, errors[0]!.message, { errors });
  }
  if (await hasUpdateInProgress(deps.db, vm.id, now)) {
    throw new AppError(409, updateMessages.updateInProgress);
  }
  if (
    needsShutOff(current, choice) &&
    !input.allowsPowerCycle &&
    (await liveState(deps, machine)) === 'running'
  ) {
    throw new AppError(409, updateMessages.powerCycleRequired);
  }
  const days = remainingDays(vm.endsAt!, now);
  const quote = quoteUpdate(product, current, choice, days);
  if (toMinor(quote.totalPayable) === 0) throw new AppError(422, updateMessages.nothingToPay);
  if (!isSameAmount(input.totalAmount, quote.totalPayable)) {
    throw new AppError(409, marketplaceMessages.priceChanged, { quote });
  }
  const cost = toMinor(quote.totalPrice);
  // Each line: the size after the update (RamAndCpu) or the added disk's size (Disk).
  const lines: OrderedLine[] = quote.lines.map((line) => ({
    name: line.item,
    count: choice.updateType === 'Disk' ? choice.addDisk : line.updatedSize,
    unit: line.unit,
    costMinor: toMinor(line.price),
    discountMinor: 0,
  }));
  const placed = await placeOrder(
    deps,
    owner,
    {
      kind: ORDER_KINDS.update,
      currency: currencyOf(details),
      costMinor: cost,
      discountMinor: 0,
      taxMinor: toMinor(quote.taxAmount),
      totalMinor: toMinor(quote.totalPayable),
      taxBasisPoints: Math.round(quote.taxPercent * 100),
      taxBasis: details.taxBasis,
      productId: vm.productId,
      productName: vm.name,
      operatingSystem: vm.operatingSystem,
      isGoldCopy: vm.isGoldCopy,
      requiresLicence: false,
      lines,
      regionId: region.id,
      regionName: region.name,
      periodDays: days,
      details: { updateType: choice.updateType, allowsPowerCycle: input.allowsPowerCycle },
      targets: [{ vmId: vm.id, costMinor: cost }],
      // Decided again under the machine's lock, in the order's own transaction: of two updates
      // sent at once, the second waits and then sees the first.
      guard: async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPDATE_LOCK_SPACE}, ${vm.id})`);
        if (await hasUpdateInProgress(tx, vm.id, now)) {
          throw new AppError(409, updateMessages.updateInProgress);
        }
      },
    },
    {
      paymentGateway: input.paymentGateway,
      byPassflag: input.byPassflag,
      convertToUsd: input.convertToUsd,
      offeredGateways: details.paymentGateway,
      bypassAllowed: details.byPassflag === 1,
    },
    context,
  );
  return { ...placed, countryCode: details.VMProductDetail.vm_countryCode ?? 'ZA' };
}
