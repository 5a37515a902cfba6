import { describe, expect, it, vi } from 'vitest';
import type { TInvoice } from '@cloud-portal/contract/orders/generate-invoice';
import { readPdf, squash } from '../../test/support/read-pdf-text';
import { renderReceiptPdf } from './receipt-pdf';

// A machine with neither the npm font nor Debian's CJK fonts.
vi.mock('./receipt-fonts', () => ({ receiptFontFaces: async () => null }));

const invoice: TInvoice = {
  invoiceDetail: {
    orderID: 'CPFALLBACK',
    transactionDate: '2026-11-23T08:00:00.000Z',
    endDate: null,
    vmName: 'Debian Flex',
    region: null,
    validity: 30,
    currencyCode: 'KES',
    cost: '200.00',
    discount: '0.00',
    tax: 16,
    taxAmount: '32.00',
    totalCost: '232.00',
    ram_Count: 2,
    ram_Unit: 'GB',
    cpu_Count: 1,
    disk_Count: 50,
    disk_Unit: 'GB',
    paymentMode: 'PesaPal Payment',
    transactionID: 'PP-1',
    isTestTransaction: 0,
    taxBasis: 'beforeDiscount',
    receiptToken: 'token',
    commingFrom: 1,
    bankReference: 'VM Purchase',
    arrears: '0.00',
    chargedAmount: '232.00',
    chargedCurrency: 'KES',
    lines: [{ item: 'Memory', count: 2, unit: 'GB', price: '200.00', discount: '0.00' }],
    machines: [],
  },
  companyDetail: {
    companyName: 'Baobab Hosting',
    officeAddress: null,
    postalCode: null,
    city: null,
    country: null,
    companyVATNumber: null,
    contactNo: null,
    websiteUrl: 'http://127.0.0.2:3000',
    imagePath: null,
  },
  userDetails: {
    firstName: '민준',
    lastName: 'Kim',
    emailID: 'minjun@example.com',
    contactNo: null,
    address: null,
    city: null,
    state: null,
    postalCode: null,
    companyName: null,
    customerVatNumber: null,
    region: null,
  },
};

describe('receipt PDF without a Unicode font', () => {
  it('is written in English with the built-in font, rather than in missing glyphs', async () => {
    const read = await readPdf(
      await renderReceiptPdf(invoice, {
        language: 'ko',
        timeZone: 'Africa/Nairobi',
        logo: null,
        brandColor: null,
      }),
    );
    expect(read.squashed).toContain('Receipt');
    expect(read.squashed).toContain(squash('23 Nov, 2026'));
    expect(read.squashed).toContain(squash('KES 232.00'));
    expect(read.squashed).toContain('??Kim');
    expect(read.text).not.toContain('영수증');
  });
});
