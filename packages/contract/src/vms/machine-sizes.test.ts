import { describe, expect, it } from 'vitest';
import { quoteConfiguration, type PricedProduct } from '../marketplace/configuration-rules';
import { quoteVmRenewal } from './renew-pricing';
import { machineConfiguration, machineLineSize, totalDiskGb } from './machine-sizes';
import { quoteUpdate } from './update-pricing';

// The machine of issue 25: Ubuntu Starter 6 GB / 4 vCPU / 80 GB with two added 20 GB disks.
const machine = { ramGb: 6, vcpus: 4, diskGb: 80, addedDisksGb: [20, 20] };

// Memory 45.00/GB, Disk 1.20/GB, Processor 60.00/vCPU per 30 days, VAT 15 %.
const line = (
  specificationName: 'Memory' | 'Disk' | 'Processor',
  specificationUnit: string,
  costPerUnit: string,
  sequence: number,
  size: number,
  maxValue: number,
) => ({
  specificationName,
  specificationUnit,
  specificationCount: size,
  minValue: size,
  maxValue,
  size,
  costPerUnit,
  sequence,
});
const product: PricedProduct = {
  vmSpec: [
    line('Memory', 'GB', '45.00', 1, 2, 64),
    line('Disk', 'GB', '1.20', 2, 20, 500),
    line('Processor', 'vCPU', '60.00', 3, 1, 16),
  ],
  ramCpuDependecy: [],
  taxValue: 15,
  taxBasis: 'afterDiscount',
  discount: { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 },
  isPremium: false,
  serviceType: 'Proxmox VE',
};

describe('machine sizes (one source for what is shown and billed)', () => {
  it('counts the added disks with the machine’s own disk', () => {
    expect(totalDiskGb(machine)).toBe(120);
    expect(totalDiskGb({ diskGb: 80, addedDisksGb: [] })).toBe(80);
    expect(machineLineSize(machine, 'Disk')).toBe(120);
    expect(machineLineSize(machine, 'Memory')).toBe(6);
    expect(machineLineSize(machine, 'Processor')).toBe(4);
    expect(machineConfiguration(machine)).toEqual({ memory: 6, disk: 120, processor: 4 });
  });

  it('prices the card of Update and of Renew alike: R 1,962.00 for 90 days, not R 1,818.00', () => {
    // (6 × 45.00 + 120 × 1.20 + 4 × 60.00) × 90/30 = 654.00 × 3 = 1 962.00.
    const card = quoteConfiguration(product, machineConfiguration(machine), 90);
    expect(card.totalPrice).toBe('1962.00');
    const renewal = quoteVmRenewal(
      {
        lines: product.vmSpec.map((line) => ({
          name: line.specificationName,
          count: machineLineSize(machine, line.specificationName),
          unit: line.specificationUnit,
          costPerUnit: Math.round(Number(line.costPerUnit) * 100),
        })),
        taxBasisPoints: 1500,
        daysExtended: 0,
      },
      90,
    );
    expect(renewal.price).toBe(196_200);
    // The renewal's Disk line of issue 25: 120 × 1.20 × 3 = R 432.00.
    expect(renewal.lines.find((line) => line.name === 'Disk')?.cost).toBe(43_200);
  });

  it('bills a third disk from the whole disk, as the screens show it', () => {
    const quote = quoteUpdate(
      product,
      { memory: 6, processor: 4, disk: 80, addedDisks: [20] },
      { updateType: 'Disk', addDisk: 20 },
      30,
    );
    expect(quote.lines).toEqual([
      { item: 'Disk', unit: 'GB', availableSize: 100, updatedSize: 120, price: '24.00' },
    ]);
  });
});
