import type { z } from 'zod';
import { isSameAmount } from '@cloud-portal/contract/marketplace/configuration-rules';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import { ORDER_KINDS } from '@cloud-portal/contract/orders/order-status';
import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import { toMinor } from '@cloud-portal/contract/pricing/money';
import {
  BACKUP_DAYS_PER_UNIT,
  backupMessages,
  INITIAL_BACKUP_DURATION,
  quoteBackup,
  type BackupDurationType,
  type BackupKind,
  type BackupQuote,
} from '@cloud-portal/contract/vms/backup-pricing';
import {
  BACKUP_DURATION_OPTIONS,
  type TCloneVmDetailResponse,
  type ZCreateCloneOrderRequest,
} from '@cloud-portal/contract/vms/clone-vm';
import { totalDiskGb } from '@cloud-portal/contract/vms/machine-sizes';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import { placeOrder, type OrderDeps, type PlacedOrder } from '../../orders/place-order';
import {
  currencyOf,
  driveCostPerUnit,
  loadVmOrderContext,
  sizesOf,
  toVmOrderCatalogue,
  toVmOrderDetail,
  type VmOrderContext,
} from './vm-order-detail';
import type { OwnerScope } from '../../../tenancy/owner-scope';

/** The machine states a backup can be taken from (the row may say busy while a power change settles). */
const CLONEABLE_STATUSES = ['running', 'shutoff', 'busy'] as const;

/** GB a backup of the machine copies (and is charged for): its disk and the disks added to it. */
const backupDiskSize = (context: Pick<VmOrderContext, 'vm' | 'addedDisks'>) =>
  totalDiskGb(sizesOf(context));

/** The machine, checked for a clone or snapshot: the customer's, not blocked, not a clone, usable. */
async function loadCloneable(db: Database, owner: OwnerScope, vmId: number) {
  const context = await loadVmOrderContext(db, owner, vmId, 'clone');
  if (context.vm.isClone) throw new AppError(409, backupMessages.alreadyAClone);
  if (!(CLONEABLE_STATUSES as readonly string[]).includes(context.vm.status)) {
    throw new AppError(409, backupMessages.notCloneable);
  }
  return context;
}

function priceBackup(
  context: VmOrderContext,
  choice: {
    cloneDuration: number;
    cloneDurationType: BackupDurationType;
    cloneOptionType: BackupKind;
  },
): BackupQuote {
  return quoteBackup(
    {
      diskSize: backupDiskSize(context),
      drive_Cost_PerUnit: driveCostPerUnit(context.details),
      taxValue: context.details.VMProductDetail.taxValue,
    },
    choice,
  );
}

/** getVMDetailForCloneVm / getVMDetailForSnapshotVm. */
export async function getCloneVmDetail(
  db: Database,
  owner: OwnerScope,
  vmId: number,
  kind: BackupKind,
): Promise<TCloneVmDetailResponse> {
  const context = await loadCloneable(db, owner, vmId);
  return {
    ...toVmOrderCatalogue(context.details),
    VMDetail: toVmOrderDetail(context),
    duration: BACKUP_DURATION_OPTIONS,
    initialDuration: INITIAL_BACKUP_DURATION,
    cloneOptionType: kind,
    diskSize: backupDiskSize(context),
    quote: priceBackup(context, {
      cloneDuration: INITIAL_BACKUP_DURATION,
      cloneDurationType: 'Daily',
      cloneOptionType: kind,
    }),
  };
}

type CreateCloneOrderInput = z.output<typeof ZCreateCloneOrderRequest>;

/**
 * createOrderForcloneVM / createOrderForSnapshotVM (kind 2): priced by the server from the
 * machine's disks and its product's Disk cost (409 with data.quote when the customer's total
 * differs); then `placeOrder` checks the gateway, writes the order with the machine as its target
 * and asks for the payment. The backup itself is made by the paid order's job (apply-backup.ts).
 */
export async function createCloneOrder(
  deps: OrderDeps,
  owner: OwnerScope,
  input: CreateCloneOrderInput,
  context: { origin: string; language: TLanguage },
): Promise<PlacedOrder & { countryCode: string }> {
  const machine = await loadCloneable(deps.db, owner, input.productID);
  const quote = priceBackup(machine, input);
  if (!isSameAmount(input.totalAmount, quote.totalPayable)) {
    throw new AppError(409, marketplaceMessages.priceChanged, { quote });
  }
  const { vm, details, region } = machine;
  const cost = toMinor(quote.totalPrice);
  const placed = await placeOrder(
    deps,
    owner,
    {
      kind: ORDER_KINDS.cloneOrSnapshot,
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
      lines: [
        {
          name: 'Disk',
          count: quote.diskSize,
          unit:
            details.vmSpec.find((line) => line.specificationName === 'Disk')?.specificationUnit ??
            'GB',
          costMinor: cost,
          discountMinor: 0,
        },
      ],
      regionId: region.id,
      regionName: region.name,
      periodDays: input.cloneDuration * BACKUP_DAYS_PER_UNIT[input.cloneDurationType],
      details: {
        backupKind: input.cloneOptionType,
        durationCount: input.cloneDuration,
        durationType: input.cloneDurationType,
      },
      targets: [{ vmId: vm.id, costMinor: cost }],
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
