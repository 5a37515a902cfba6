import { describe, expect, it } from 'vitest';
import type { TRenewQuote } from '@cloud-portal/contract/vms/renew-vm';
import type { BillLabels } from './bill-labels';
import { multiRenewBill, renewBill } from './renew-bill';

const labels: BillLabels = {
  item: 'Item',
  size: 'Size',
  availableSize: 'Available Size',
  updatedSize: 'Updated Size',
  price: 'Price',
  totalPrice: 'Total Price',
  tax: (percent) => `Tax(${percent}%)`,
  arrears: (days) => `Arrears for ${days} Days`,
  totalPayable: 'Total Payable Amount',
  specification: (name) => name,
};

/** 4 GB at 60.00, 100 GB at 2.00, 2 vCPU at 150.00 a month, 15 % tax, 60 days, 3 days late. */
const quote: TRenewQuote = {
  days: 60,
  lines: [
    { item: 'Memory', size: 4, unit: 'GB', price: '480.00' },
    { item: 'Disk', size: 100, unit: 'GB', price: '400.00' },
    { item: 'Processor', size: 2, unit: 'vCPU', price: '600.00' },
  ],
  totalPrice: '1480.00',
  taxPercent: 15,
  taxAmount: '222.00',
  monthlyPrice: '740.00',
  daysExtended: 3,
  arrears: '85.10',
  totalPayable: '1787.10',
};

describe('renewBill', () => {
  it('lists the items, then Total Price, Tax(percent), Arrears for N Days and Total Payable', () => {
    const bill = renewBill(quote, 15, labels);
    expect(bill.columns.map((column) => column.label)).toEqual(['Item', 'Size', 'Price']);
    expect(bill.lines).toEqual([
      { key: 'memory', cells: { item: 'Memory', size: '4 GB', price: '480.00' } },
      { key: 'disk', cells: { item: 'Disk', size: '100 GB', price: '400.00' } },
      { key: 'processor', cells: { item: 'Processor', size: '2 vCPU', price: '600.00' } },
    ]);
    expect(bill.summary.map((row) => [row.label, row.amount])).toEqual([
      ['Total Price', '1480.00'],
      ['Tax(15%)', '222.00'],
      ['Arrears for 3 Days', '85.10'],
      ['Total Payable Amount', '1787.10'],
    ]);
    expect(bill.summary.at(-1)?.isStrong).toBe(true);
  });

  it('gives the PayPal conversion the price, tax and total, and the arrears as an extra line', () => {
    const bill = renewBill(quote, 15, labels);
    expect(bill.convertible).toEqual({
      totalPrice: '1480.00',
      discountAmount: '0.00',
      taxPercent: 15,
      taxAmount: '222.00',
      totalPayable: '1787.10',
    });
    expect(bill.extraRows).toEqual([
      { key: 'arrears', label: 'Arrears for 3 Days', amount: '85.10' },
    ]);
    expect(renewBill({ ...quote, daysExtended: 0, arrears: '0.00' }, 15, labels).extraRows).toEqual(
      [],
    );
  });

  it('shows no items and zero amounts until a period is chosen', () => {
    const bill = renewBill(null, 7.5, labels);
    expect(bill.lines).toEqual([]);
    expect(bill.summary.map((row) => [row.label, row.amount])).toEqual([
      ['Total Price', '0.00'],
      ['Tax(7.5%)', '0.00'],
      ['Arrears for 0 Days', '0.00'],
      ['Total Payable Amount', '0.00'],
    ]);
  });
});

describe('multiRenewBill', () => {
  const multi = {
    totalPrice: '2000.00',
    taxAmount: '300.00',
    daysExtended: 5,
    arrears: '40.00',
    totalPayable: '2340.00',
  };

  it('sums the machines: Total Price, Tax(percent), Arrears for N Days, Total Payable Amount', () => {
    const bill = multiRenewBill(multi, 15, { ...labels, mixedTax: 'Tax' });
    expect(bill.summary.map((row) => [row.label, row.amount])).toEqual([
      ['Total Price', '2000.00'],
      ['Tax(15%)', '300.00'],
      ['Arrears for 5 Days', '40.00'],
      ['Total Payable Amount', '2340.00'],
    ]);
  });

  it('names no percent when the machines are taxed at different rates', () => {
    const bill = multiRenewBill(multi, null, { ...labels, mixedTax: 'Tax (each VM)' });
    expect(bill.summary[1]).toEqual({ key: 'tax', label: 'Tax (each VM)', amount: '300.00' });
  });
});
