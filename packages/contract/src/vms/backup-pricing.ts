import type { TFieldError } from '../envelope';
import {
  formatMinor,
  mulDivRound,
  percentOf,
  percentToBasisPoints,
  toMinor,
} from '../pricing/money';
import type { Minor } from '../pricing/money';

/**
 * What a clone or snapshot costs (vm-lifecycle.md §9, ADR 019) and the checks of its screen (§5).
 * The same functions run in the browser (/buyclonevm, /buysnapshotvm) and on the server, which
 * recomputes the bill and refuses a total it cannot reproduce. Zod-free: the browser imports it.
 */

export const BACKUP_KINDS = ['Clone', 'Snapshot'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const BACKUP_DURATION_TYPES = ['Daily', 'Weekly', 'Monthly'] as const;
export type BackupDurationType = (typeof BACKUP_DURATION_TYPES)[number];

/** §9: hours per unit of the period count. */
export const BACKUP_HOURS_PER_UNIT: Readonly<Record<BackupDurationType, number>> = {
  Daily: 24,
  Weekly: 168,
  Monthly: 720,
};

/** Days per unit, for the backup's expiry date. */
export const BACKUP_DAYS_PER_UNIT: Readonly<Record<BackupDurationType, number>> = {
  Daily: 1,
  Weekly: 7,
  Monthly: 30,
};

/** §2.2 / §9: the duration a screen opens with. */
export const INITIAL_BACKUP_DURATION = 1;

/** The longest a backup is kept (ours): one year in each unit. */
export const MAX_BACKUP_DURATION: Readonly<Record<BackupDurationType, number>> = {
  Daily: 365,
  Weekly: 52,
  Monthly: 12,
};

/**
 * The catalogue's Disk cost per unit is a price per 30 days; `drive_Cost_PerUnit` is that price
 * and covers this many hours (ADR 019): the hourly rate is drive_Cost_PerUnit / 720.
 */
export const DRIVE_COST_HOURS = 720;

export const backupMessages = {
  selectDuration: 'Please select duration days',
  selectCloneType: 'Please select clone vm type',
  durationTooLong: 'A backup can be kept for at most one year',
  alreadyAClone: 'This virtual machine is a clone: clones cannot be cloned or snapshotted.',
  notCloneable: 'Only a running or shut-off virtual machine can be cloned or snapshotted.',
  cloneRestored: 'Clone Virtual Machine restored successfully.',
  cloneRestoreFailed: 'Unable to restore Clone Virtual Machine. Try again in sometime.',
  snapshotRestored: 'Snapshot restored successfully.',
  restoreArchivedFirst:
    'This virtual machine is archived: restore it first, then restore its snapshot.',
  mustBeShutOff: 'Virtual machine must be shut off to perform this operation.',
  backupNotFound: 'This clone or snapshot does not exist.',
  cloneDeleted: 'Clone Virtual Machine deleted successfully.',
  snapshotDeleted: 'Snapshot deleted successfully.',
  snapshotHasNoAccess: 'A snapshot is a copy of the disks only: it has no access details.',
  backupNotReady: 'This clone or snapshot is not ready yet. Please try again in a moment.',
  restoredIsAMachine:
    'This clone was restored into a virtual machine of its own: delete it from the Products tab.',
  clonePeriodEnded:
    'The time paid for this clone has ended, so it can no longer be restored as a virtual machine.',
} as const;

/** What the customer picks on the clone / snapshot screen. */
export type BackupChoice = {
  /** The period count; 0 or empty when none is given. */
  cloneDuration: number;
  cloneDurationType: BackupDurationType | '';
  cloneOptionType: BackupKind | '';
};

/** §5: 'Please select duration days' and 'Please select clone vm type' (both when both fail). */
export function backupChoiceErrors(choice: BackupChoice): TFieldError[] {
  const errors: TFieldError[] = [];
  const type = choice.cloneDurationType;
  if (
    !Number.isInteger(choice.cloneDuration) ||
    choice.cloneDuration < 1 ||
    !(BACKUP_DURATION_TYPES as readonly string[]).includes(type)
  ) {
    errors.push({ field: 'cloneDuration', message: backupMessages.selectDuration });
  } else if (choice.cloneDuration > MAX_BACKUP_DURATION[type as BackupDurationType]) {
    errors.push({ field: 'cloneDuration', message: backupMessages.durationTooLong });
  }
  if (!(BACKUP_KINDS as readonly string[]).includes(choice.cloneOptionType)) {
    errors.push({ field: 'cloneOptionType', message: backupMessages.selectCloneType });
  }
  return errors;
}

/** Hours of a kept duration (§9: Daily 24, Weekly 168, Monthly 720 per unit). */
export function backupHours(duration: number, type: BackupDurationType): number {
  if (!Number.isInteger(duration) || duration < 1) {
    throw new RangeError('duration must be a whole number ≥ 1');
  }
  return BACKUP_HOURS_PER_UNIT[type] * duration;
}

type BackupCost = { hours: number; cost: Minor; tax: Minor; total: Minor };

/**
 * §9 in minor units: cost = disk size × drive cost per unit × hours, where the drive cost per
 * unit per hour is the 30-day Disk cost per unit / 720 (ADR 019); rounded half up once, on the
 * whole cost; tax = cost × taxValue / 100; total = cost + tax. No discount applies.
 */
export function backupCost(
  diskGb: number,
  driveCostPer30Days: Minor,
  duration: number,
  type: BackupDurationType,
  taxBasisPoints: number,
): BackupCost {
  if (!Number.isInteger(diskGb) || diskGb < 0) throw new RangeError('disk size must be ≥ 0');
  const hours = backupHours(duration, type);
  const cost = mulDivRound(diskGb * driveCostPer30Days, hours, DRIVE_COST_HOURS);
  const tax = percentOf(cost, taxBasisPoints);
  return { hours, cost, tax, total: cost + tax };
}

/** The bill the screen shows and the server answers (amounts as 2-decimal strings). */
export type BackupQuote = {
  cloneOptionType: BackupKind;
  cloneDuration: number;
  cloneDurationType: BackupDurationType;
  /** The disk size charged: the machine's disk plus its added disks, GB. */
  diskSize: number;
  hours: number;
  totalPrice: string;
  taxPercent: number;
  taxAmount: string;
  totalPayable: string;
};

/** What the bill depends on, as getVMDetailForCloneVm / getVMDetailForSnapshotVm answer it. */
export type BackupPricing = {
  /** GB: the machine's disk plus its added disks. */
  diskSize: number;
  /** 2-decimal string: the Disk cost per unit per 30 days. */
  drive_Cost_PerUnit: string;
  /** Percent (15 or 7.5). */
  taxValue: number;
};

export function quoteBackup(
  pricing: BackupPricing,
  choice: {
    cloneDuration: number;
    cloneDurationType: BackupDurationType;
    cloneOptionType: BackupKind;
  },
): BackupQuote {
  const { hours, cost, tax, total } = backupCost(
    pricing.diskSize,
    toMinor(pricing.drive_Cost_PerUnit),
    choice.cloneDuration,
    choice.cloneDurationType,
    percentToBasisPoints(pricing.taxValue),
  );
  return {
    cloneOptionType: choice.cloneOptionType,
    cloneDuration: choice.cloneDuration,
    cloneDurationType: choice.cloneDurationType,
    diskSize: pricing.diskSize,
    hours,
    totalPrice: formatMinor(cost),
    taxPercent: pricing.taxValue,
    taxAmount: formatMinor(tax),
    totalPayable: formatMinor(total),
  };
}

/** When a backup made at `from` expires. */
export function backupExpiry(from: Date, duration: number, type: BackupDurationType): Date {
  return new Date(from.getTime() + duration * BACKUP_DAYS_PER_UNIT[type] * 86_400_000);
}
