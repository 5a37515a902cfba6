import { describe, expect, it, vi } from 'vitest';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { orderFromState, recallOrder, rememberOrder } from './order-storage';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

function order(orderID: string, overrides: Partial<TOrderResponse> = {}): TOrderResponse {
  return {
    orderID,
    commingFrom: 1,
    status: 'pending',
    isGoldCopy: 0,
    paymentMode: 'PayFast Payment',
    byPassFlag: 0,
    websiteUrl: 'https://portal.test',
    vmName: 'Debian Flex',
    productID: 3,
    regionName: 'Nairobi',
    timePeriod: 90,
    amount: '345.00',
    currencyCode: 'ZAR',
    productCurrency: 'ZAR',
    cost: '300.00',
    discount: '0.00',
    tax: '45.00',
    taxPercent: 15,
    taxBasis: 'beforeDiscount',
    totalAmount: '345.00',
    ramCost: '100.00',
    driveCost: '100.00',
    cpuCost: '100.00',
    penaltyCostRenew: '0.00',
    daysExtended: 0,
    countryCode: 'ZA',
    transactionReference: orderID,
    bankReference: 'VM Purchase',
    Customer: 'Lerato Mokoena',
    IsTest: true,
    isTaxInvoice: 1,
    specification: [{ item: 'Memory', size: 4, unit: 'GB', price: '100.00' }],
    licenceRequired: 0,
    redirect_url: null,
    form: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    vmIDs: [],
    machines: [],
    ...overrides,
  };
}

describe('orderFromState', () => {
  it('reads the order Buy Now put in the navigation state', () => {
    expect(orderFromState({ order: order('A1') })?.orderID).toBe('A1');
  });

  it('ignores anything else', () => {
    expect(orderFromState(null)).toBeNull();
    expect(orderFromState({ order: { orderID: 'A1' } })).toBeNull();
    expect(orderFromState({ order: order('') })).toBeNull();
  });
});

describe('rememberOrder / recallOrder', () => {
  it('gives back the order kept under its id, and only that one', () => {
    const storage = new MemoryStorage();
    rememberOrder(storage, order('A1'));
    rememberOrder(storage, order('B2', { vmName: 'Windows Flex' }));
    expect(recallOrder(storage, 'A1')?.vmName).toBe('Debian Flex');
    expect(recallOrder(storage, 'B2')?.vmName).toBe('Windows Flex');
    expect(recallOrder(storage, 'C3')).toBeNull();
    expect(recallOrder(storage, '')).toBeNull();
  });

  it('keeps the newest version of an order', () => {
    const storage = new MemoryStorage();
    rememberOrder(storage, order('A1'));
    rememberOrder(storage, order('A1', { redirect_url: 'https://pay.test/A1' }));
    expect(recallOrder(storage, 'A1')?.redirect_url).toBe('https://pay.test/A1');
    expect(storage.length).toBe(1);
  });

  it('keeps ten orders at most, forgetting the oldest', () => {
    const storage = new MemoryStorage();
    vi.useFakeTimers();
    try {
      for (let index = 1; index <= 12; index += 1) {
        vi.setSystemTime(1_700_000_000_000 + index * 1000);
        rememberOrder(storage, order(`O${index}`));
      }
    } finally {
      vi.useRealTimers();
    }
    expect(storage.length).toBe(10);
    expect(recallOrder(storage, 'O1')).toBeNull();
    expect(recallOrder(storage, 'O2')).toBeNull();
    expect(recallOrder(storage, 'O3')?.orderID).toBe('O3');
    expect(recallOrder(storage, 'O12')?.orderID).toBe('O12');
  });

  it('survives storage that is missing, refuses writes or holds junk', () => {
    expect(() => rememberOrder(null, order('A1'))).not.toThrow();
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => rememberOrder(refusing, order('A1'))).not.toThrow();
    const junk = new MemoryStorage();
    junk.setItem('cloud-portal.checkout-order.A1', '{not json');
    expect(recallOrder(junk, 'A1')).toBeNull();
  });
});
