import { describe, expect, it } from 'vitest';
import {
  quoteConfiguration,
  toPricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import type { TGetVmProductDetailsResponse } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { ZCreateOrderRequest } from '@cloud-portal/contract/orders/create-order';
import { toCreateOrderRequest } from './order-request';

const details: TGetVmProductDetailsResponse = {
  VMProductDetail: {
    productID: 7,
    productName: 'Windows Flex',
    productDescription: '',
    vm_Cost: '300.00',
    vm_RAM_Count: 4,
    vm_RAM_Unit: 'GB',
    vm_CPU_Count: 2,
    vm_Driver_Count: 50,
    vm_Driver_Unit: 'GB',
    vm_currency: 'ZAR',
    osType: 'Windows Server 2022',
    taxValue: 15,
    serviceType: 'Simulator',
    vm_validity: 30,
    vm_countryCode: 'ZA',
    imagePath: null,
    sendMailForLicense: 1,
    microsoftLicensePath: '/uploads/licence.pdf',
    cpu_Cost_Total: '100.00',
    isGoldCopy: 0,
    isPremium: 0,
    regionName: null,
    regionID: null,
  },
  paymentGateway: ['Paypal Payment'],
  vmSpec: [
    spec('Processor', 'vCPU', 3, 100),
    spec('Memory', 'GB', 1, 50),
    spec('Disk', 'GB', 2, 1),
  ],
  ramCpuDependecy: [],
  country: null,
  timePeriod: [{ ID: 1, days: 60 }],
  byPassflag: 0,
  taxBasis: 'beforeDiscount',
  discount: { ramDiscount: 0, diskDiscount: 0, cpuDiscount: 0 },
  regions: [{ ID: 3, name: 'Johannesburg' }],
};

function spec(name: 'Memory' | 'Disk' | 'Processor', unit: string, sequence: number, cost: number) {
  return {
    specificationName: name,
    specificationUnit: unit,
    specificationCount: 1,
    minValue: 1,
    maxValue: 64,
    size: 1,
    costPerUnit: cost.toFixed(2),
    totalCost: cost.toFixed(2),
    sequence,
    tax: 15,
  };
}

const product = toPricedProduct(details);
const choice = {
  configuration: { memory: 4, disk: 50, processor: 2 },
  regionID: 3,
  timePeriod: 60,
};
const quote = quoteConfiguration(product, choice.configuration, choice.timePeriod);

describe('toCreateOrderRequest', () => {
  it('sends exactly the three lines the customer sees, the shown total and the gateway', () => {
    const request = toCreateOrderRequest(details.VMProductDetail, product, choice, quote, 'ZAR', {
      gateway: 'Paypal Payment',
      byPassflag: 0,
      convertToUsd: true,
      microsoftLicense: 1,
    });
    expect(request.specification).toEqual([
      { type: 'memory', value: 4, unit: 'GB', price: '400.00' },
      { type: 'disk', value: 50, unit: 'GB', price: '100.00' },
      { type: 'processor', value: 2, unit: 'vCPU', price: '400.00' },
    ]);
    expect(request).toMatchObject({
      productID: 7,
      region: 3,
      timePeriod: 60,
      totalAmount: quote.totalPayable,
      paymentGateway: 'Paypal Payment',
      byPassflag: 0,
      microsoftLicense: 1,
      convertToUsd: true,
    });
    // The contract the server validates with accepts it as it is.
    expect(ZCreateOrderRequest.safeParse(request).success).toBe(true);
  });

  it('names no gateway for a product that skips the gateway', () => {
    const request = toCreateOrderRequest(details.VMProductDetail, product, choice, quote, 'ZAR', {
      gateway: 'Paypal Payment',
      byPassflag: 1,
      convertToUsd: false,
      microsoftLicense: 0,
    });
    expect(request.paymentGateway).toBe('');
    expect(request.byPassflag).toBe(1);
  });

  it('still sends three entries when a line is missing from the bill', () => {
    const noDisk = { ...quote, lines: quote.lines.filter((line) => line.item !== 'Disk') };
    const request = toCreateOrderRequest(details.VMProductDetail, product, choice, noDisk, 'ZAR', {
      gateway: 'Ozow Payment',
      byPassflag: 0,
      convertToUsd: false,
      microsoftLicense: 0,
    });
    expect(request.specification.map((entry) => entry.type)).toEqual([
      'memory',
      'disk',
      'processor',
    ]);
    expect(request.specification[1]).toMatchObject({ value: 50, price: '0.00' });
  });
});
