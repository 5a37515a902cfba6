import type { TFieldError } from '../envelope';
import {
  canAdjustSpecifications,
  configurationErrors,
  sortedLines,
  type Configuration,
  type PricedProduct,
} from '../marketplace/configuration-rules';
import {
  formatMinor,
  mulDivRound,
  percentOf,
  percentToBasisPoints,
  toMinor,
} from '../pricing/money';
import { DAYS_PER_PRICED_PERIOD, type SpecificationName } from '../pricing/vm-pricing';
import { totalDiskGb } from './machine-sizes';

/**
 * The update of a machine (vm-lifecycle.md §2.3, ADR 019): what may change and what it costs.
 * The bill lists only the lines whose size changes; each is charged for the days the machine has
 * left, at the product's 30-day cost per unit: price = (updated − available) × cost per unit ×
 * remaining days / 30, rounded half up per line; a smaller size costs nothing (no refunds, §1).
 * Tax = total × taxValue / 100; total payable = total + tax. No discount applies. The browser and
 * the server run the same functions. Zod-free: the browser imports it.
 */

export const UPDATE_TYPES = ['RamAndCpu', 'Disk'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];
export const DEFAULT_UPDATE_TYPE: UpdateType = 'RamAndCpu';

/** §9: at most two disks may be added to a machine. */
export const MAX_ADDED_DISKS = 2;

const DAY_MS = 86_400_000;

export const updateMessages = {
  maxDisks: 'A maximum of two Disks can be added to a new Virtual Machine.',
  chooseDiskSize: 'Please choose the size of the disk to add',
  diskCannotShrink: 'The disk can only grow',
  nothingToUpdate: 'Change at least one size to update the virtual machine',
  fixedSpecification: "This virtual machine's specification cannot be changed.",
  notUpdatable: 'Only a running or shut-off virtual machine can be updated.',
  updateInProgress: 'This VM already has an update in progress.',
  powerCycleRequired:
    'Changing RAM or CPU needs the virtual machine shut off. Shut it off first, or allow it to be powered off and on again for this update.',
  updateApplied: 'Your virtual machine has been updated.',
  nothingToPay:
    'Making a virtual machine smaller is not sold online: there is nothing to pay. Please raise a ticket.',
} as const;

/** The machine's sizes now: RAM GB, vCPUs, its own disk GB and the disks added to it. */
export type CurrentSizes = Configuration & { addedDisks: number[] };

/** What the customer asks: new sizes (RamAndCpu) or a disk to add (Disk, `addDisk` GB). */
export type UpdateChoice =
  | { updateType: 'RamAndCpu'; memory: number; processor: number; disk: number }
  | { updateType: 'Disk'; addDisk: number };

type UpdateLine = {
  item: SpecificationName;
  unit: string;
  availableSize: number;
  updatedSize: number;
  price: string;
};

export type UpdateQuote = {
  updateType: UpdateType;
  remainingDays: number;
  lines: UpdateLine[];
  totalPrice: string;
  taxPercent: number;
  taxAmount: string;
  totalPayable: string;
  /** RAM or vCPUs change: the machine must be shut off while it is applied. */
  needsShutOff: boolean;
};

/** Whole days left until `endsAt` (a part day counts as a day), at least 1. */
export function remainingDays(endsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

const totalDisk = (current: CurrentSizes) =>
  totalDiskGb({ diskGb: current.disk, addedDisksGb: current.addedDisks });

/** The price of growing a line from `available` to `updated` for `days` (0 when it shrinks). */
export function updateLinePrice(
  available: number,
  updated: number,
  costPerUnit: number,
  days: number,
): number {
  const growth = Math.max(0, updated - available);
  return mulDivRound(growth * costPerUnit, days, DAYS_PER_PRICED_PERIOD);
}

/** The RAM/CPU change needs a power cycle (the disk may grow while the machine runs). */
export function needsShutOff(current: CurrentSizes, choice: UpdateChoice): boolean {
  return (
    choice.updateType === 'RamAndCpu' &&
    (choice.memory !== current.memory || choice.processor !== current.processor)
  );
}

/** The problems with an update, as field errors (the server's 400 and the screen's hints). */
export function updateChoiceErrors(
  product: PricedProduct,
  current: CurrentSizes,
  choice: UpdateChoice,
): TFieldError[] {
  if (!canAdjustSpecifications(product)) {
    return [{ field: 'updateType', message: updateMessages.fixedSpecification }];
  }
  if (choice.updateType === 'Disk') {
    if (current.addedDisks.length >= MAX_ADDED_DISKS) {
      return [{ field: 'addDisk', message: updateMessages.maxDisks }];
    }
    const line = product.vmSpec.find((entry) => entry.specificationName === 'Disk');
    const size = choice.addDisk;
    if (!Number.isInteger(size) || size < 1) {
      return [{ field: 'addDisk', message: updateMessages.chooseDiskSize }];
    }
    if (line && (size > line.maxValue || (line.size > 0 && size % line.size !== 0))) {
      return [
        {
          field: 'addDisk',
          message: `Disk must be between ${line.size > 0 ? line.size : 1} and ${line.maxValue} ${line.specificationUnit}, in steps of ${line.size}`,
        },
      ];
    }
    return [];
  }
  const errors = configurationErrors(product, {
    memory: choice.memory,
    processor: choice.processor,
    disk: choice.disk,
  });
  if (choice.disk < current.disk && !errors.some((error) => error.field === 'disk')) {
    errors.push({ field: 'disk', message: updateMessages.diskCannotShrink });
  }
  if (
    errors.length === 0 &&
    choice.memory === current.memory &&
    choice.processor === current.processor &&
    choice.disk === current.disk
  ) {
    errors.push({ field: 'updateType', message: updateMessages.nothingToUpdate });
  }
  return errors;
}

/**
 * The bill of an update for `days` remaining: the changed lines only, in the product's sequence
 * (Disk mode: one Disk line from the machine's total disk to that plus the added disk).
 */
export function quoteUpdate(
  product: PricedProduct,
  current: CurrentSizes,
  choice: UpdateChoice,
  days: number,
): UpdateQuote {
  const lines: { line: UpdateLine; price: number }[] = [];
  for (const spec of sortedLines(product)) {
    const costPerUnit = toMinor(spec.costPerUnit);
    let available: number;
    let updated: number;
    if (choice.updateType === 'Disk') {
      if (spec.specificationName !== 'Disk') continue;
      available = totalDisk(current);
      updated = available + choice.addDisk;
    } else {
      const field =
        spec.specificationName === 'Memory'
          ? 'memory'
          : spec.specificationName === 'Processor'
            ? 'processor'
            : 'disk';
      available = current[field];
      updated = choice[field];
    }
    if (available === updated) continue;
    const price = updateLinePrice(available, updated, costPerUnit, days);
    lines.push({
      price,
      line: {
        item: spec.specificationName,
        unit: spec.specificationUnit,
        availableSize: available,
        updatedSize: updated,
        price: formatMinor(price),
      },
    });
  }
  const total = lines.reduce((sum, entry) => sum + entry.price, 0);
  const tax = percentOf(total, percentToBasisPoints(product.taxValue));
  return {
    updateType: choice.updateType,
    remainingDays: days,
    lines: lines.map((entry) => entry.line),
    totalPrice: formatMinor(total),
    taxPercent: product.taxValue,
    taxAmount: formatMinor(tax),
    totalPayable: formatMinor(total + tax),
    needsShutOff: needsShutOff(current, choice),
  };
}
