import type { TFieldError } from '../envelope';
import { formatMinor, percentToBasisPoints, toMinor, type Minor } from '../pricing/money';
import {
  DAYS_PER_PRICED_PERIOD,
  quoteVm,
  type Discounts,
  type SpecificationName,
  type TaxBasis,
} from '../pricing/vm-pricing';
import type { TGetVmProductDetailsResponse } from './get-vm-product-details';
import { marketplaceMessages } from './marketplace-messages';

/**
 * What a customer may choose on /productdetails/{id} and what it costs (vm-lifecycle.md §2.1, §4):
 * the same functions run in the browser, to show the bill as the sliders move, and on the server,
 * which recomputes every price from the catalogue and refuses a total it cannot reproduce.
 * Zod-free: the browser imports it.
 */

export const SPECIFICATION_NAMES = ['Memory', 'Disk', 'Processor'] as const;

/** Providers whose machines are sold as they are: no specification lines (§2.1). */
const FIXED_SPECIFICATION_SERVICE_TYPES = ['Node Weaver', 'Open Nebula'] as const;

export function hidesSpecifications(serviceType: string): boolean {
  return (FIXED_SPECIFICATION_SERVICE_TYPES as readonly string[]).includes(serviceType);
}

/** A specification line as the wire carries it to a customer (prices as 2-decimal strings). */
export type SpecificationLine = {
  specificationName: SpecificationName;
  specificationUnit: string;
  specificationCount: number;
  minValue: number;
  maxValue: number;
  /** The slider's step. */
  size: number;
  costPerUnit: string;
  sequence: number;
};

type RamCpuRule = { ramStartLimit: number; ramEndLimit: number; cpuCount: number };

/** Everything the bill depends on, as the product details call answers it. */
export type PricedProduct = {
  vmSpec: SpecificationLine[];
  ramCpuDependecy: RamCpuRule[];
  /** Percent, as the wire carries it (15 or 7.5). */
  taxValue: number;
  /** The company's choice: tax on the total before the discount (§4) or after it. */
  taxBasis: TaxBasis;
  /** Percents per line. */
  discount: { ramDiscount: number; diskDiscount: number; cpuDiscount: number };
  isPremium: boolean;
  serviceType: string;
};

export type Configuration = { memory: number; disk: number; processor: number };

/** The CPU count the dependency table gives for a memory size, or null when no row covers it. */
export function cpuCountForMemory(rules: RamCpuRule[], memory: number): number | null {
  const rule = rules.find((row) => memory >= row.ramStartLimit && memory <= row.ramEndLimit);
  return rule ? rule.cpuCount : null;
}

/** What the rules need from the product details answer (the browser and the server alike). */
export function toPricedProduct(details: TGetVmProductDetailsResponse): PricedProduct {
  return {
    vmSpec: details.vmSpec,
    ramCpuDependecy: details.ramCpuDependecy,
    taxValue: details.VMProductDetail.taxValue,
    taxBasis: details.taxBasis,
    discount: details.discount,
    isPremium: details.VMProductDetail.isPremium === 1,
    serviceType: details.VMProductDetail.serviceType,
  };
}

/** Which configuration field each specification line sets. */
export const FIELD_BY_NAME = { Memory: 'memory', Disk: 'disk', Processor: 'processor' } as const;

/** The specification lines in their `sequence` order. */
export function sortedLines(product: PricedProduct): SpecificationLine[] {
  return [...product.vmSpec].sort((a, b) => a.sequence - b.sequence);
}

const lineNamed = (product: PricedProduct, name: SpecificationName) =>
  product.vmSpec.find((line) => line.specificationName === name);

/** The configuration a product opens with: its base counts, the CPU following the memory. */
export function baseConfiguration(product: PricedProduct): Configuration {
  const count = (name: SpecificationName) => lineNamed(product, name)?.specificationCount ?? 0;
  const memory = count('Memory');
  return {
    memory,
    disk: count('Disk'),
    processor: cpuCountForMemory(product.ramCpuDependecy, memory) ?? count('Processor'),
  };
}

/** Whether the customer may move the sliders at all: not for premium or fixed-spec products. */
export function canAdjustSpecifications(product: PricedProduct): boolean {
  return !product.isPremium && !hidesSpecifications(product.serviceType);
}

/** The envelope's field error (400 answers carry a list of them). */
export type FieldError = TFieldError;

function countProblem(line: SpecificationLine, count: number): string | null {
  const withinRange = count >= line.minValue && count <= line.maxValue;
  const onStep = line.size <= 0 || (count - line.minValue) % line.size === 0;
  if (Number.isInteger(count) && withinRange && onStep) return null;
  return `${line.specificationName} must be between ${line.minValue} and ${line.maxValue} ${line.specificationUnit}, in steps of ${line.size}`;
}

/**
 * The problems with a chosen configuration, as field errors: each count within its line's range
 * and on its step, the processor following the memory where the dependency table says so, and,
 * for premium and fixed-spec products, exactly the base configuration.
 */
export function configurationErrors(product: PricedProduct, choice: Configuration): FieldError[] {
  const errors: FieldError[] = [];
  if (!canAdjustSpecifications(product)) {
    const base = baseConfiguration(product);
    for (const name of SPECIFICATION_NAMES) {
      const field = FIELD_BY_NAME[name];
      if (choice[field] !== base[field]) {
        errors.push({
          field,
          message: `${name} is fixed at ${base[field]} for this product`,
        });
      }
    }
    return errors;
  }
  for (const line of sortedLines(product)) {
    const field = FIELD_BY_NAME[line.specificationName];
    const problem = countProblem(line, choice[field]);
    if (problem) errors.push({ field, message: problem });
  }
  const cpu = cpuCountForMemory(product.ramCpuDependecy, choice.memory);
  if (cpu !== null && choice.processor !== cpu && !errors.some((e) => e.field === 'processor')) {
    errors.push({ field: 'processor', message: marketplaceMessages.processorFollowsMemory });
  }
  return errors;
}

/** The Total Value table, as the server answers it and the browser shows it. */
export type Quote = {
  lines: {
    item: SpecificationName;
    size: number;
    unit: string;
    price: string;
    discount: string;
  }[];
  days: number;
  totalPrice: string;
  discountAmount: string;
  taxBasis: TaxBasis;
  /** What the tax is a percentage of: the total price, or the price after the discount. */
  taxableAmount: string;
  taxPercent: number;
  taxAmount: string;
  totalPayable: string;
};

/** The bill for a configuration over `days` (0 = no period chosen yet: the 30-day price). */
export function quoteConfiguration(
  product: PricedProduct,
  choice: Configuration,
  days: number,
): Quote {
  const pricedDays = days > 0 ? days : DAYS_PER_PRICED_PERIOD;
  const lines = sortedLines(product);
  const discounts: Discounts = {
    ramDiscount: percentToBasisPoints(product.discount.ramDiscount),
    diskDiscount: percentToBasisPoints(product.discount.diskDiscount),
    cpuDiscount: percentToBasisPoints(product.discount.cpuDiscount),
  };
  const quote = quoteVm(
    lines.map((line) => ({
      name: line.specificationName,
      count: choice[FIELD_BY_NAME[line.specificationName]],
      costPerUnit: toMinor(line.costPerUnit),
    })),
    pricedDays,
    percentToBasisPoints(product.taxValue),
    discounts,
    product.taxBasis,
  );
  return {
    lines: quote.lines.map((line, index) => ({
      item: line.name,
      size: line.count,
      unit: lines[index]!.specificationUnit,
      price: formatMinor(line.cost),
      discount: formatMinor(line.discount),
    })),
    days: pricedDays,
    totalPrice: formatMinor(quote.total),
    discountAmount: formatMinor(quote.discount),
    taxBasis: product.taxBasis,
    taxableAmount: formatMinor(quote.taxableAmount),
    taxPercent: product.taxValue,
    taxAmount: formatMinor(quote.tax),
    totalPayable: formatMinor(quote.totalPayable),
  };
}

/** The amount a client sent equals the server's quote (to the cent). */
export function isSameAmount(sent: Minor, quoted: string): boolean {
  return sent === toMinor(quoted);
}

/** Buy Now's checks (§5): both messages when both are missing. */
export function buyNowErrors(choice: { regionID: number; timePeriod: number }): FieldError[] {
  const errors: FieldError[] = [];
  if (!(choice.regionID > 0))
    errors.push({ field: 'region', message: marketplaceMessages.selectRegion });
  if (!(choice.timePeriod > 0))
    errors.push({ field: 'timePeriod', message: marketplaceMessages.selectTimePeriod });
  return errors;
}
