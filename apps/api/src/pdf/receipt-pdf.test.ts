import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TInvoice } from '@cloud-portal/contract/orders/generate-invoice';
import { readCompanyLogo } from './company-logo';
import { readPdf, squash } from '../../test/support/read-pdf-text';
import { receiptFontFaces } from './receipt-fonts';
import { renderReceiptPdf, type ReceiptPdfOptions } from './receipt-pdf';
import { formatReceiptDate } from './receipt-texts';

/**
 * Ubuntu Starter at 4 GB / 100 GB / 2 vCPU for 90 days: 1260.00 less 72.00, VAT 15 % on the
 * discounted 1188.00 = 178.20, total 1366.20. Paid 23:30 UTC on 22 November, which is already
 * 23 November in Johannesburg.
 */
function invoice(overrides: Partial<TInvoice['invoiceDetail']> = {}): TInvoice {
  return {
    invoiceDetail: {
      orderID: 'CP7Q2K9X4M1BDE5FGH',
      transactionDate: '2026-11-22T23:30:00.000Z',
      endDate: '2027-02-20T23:30:00.000Z',
      vmName: 'Ubuntu Starter',
      region: 'Johannesburg',
      validity: 90,
      currencyCode: 'ZAR',
      cost: '1260.00',
      discount: '72.00',
      tax: 15,
      taxAmount: '178.20',
      totalCost: '1366.20',
      ram_Count: 4,
      ram_Unit: 'GB',
      cpu_Count: 2,
      disk_Count: 100,
      disk_Unit: 'GB',
      paymentMode: 'PayFast Payment',
      transactionID: 'PF-2299417',
      isTestTransaction: 0,
      taxBasis: 'afterDiscount',
      receiptToken: 'token',
      commingFrom: 1,
      bankReference: 'VM Purchase',
      arrears: '0.00',
      chargedAmount: '1366.20',
      chargedCurrency: 'ZAR',
      lines: [
        { item: 'Memory', count: 4, unit: 'GB', price: '540.00', discount: '27.00' },
        { item: 'Disk', count: 100, unit: 'GB', price: '360.00', discount: '18.00' },
        { item: 'Processor', count: 2, unit: 'vCPU', price: '360.00', discount: '27.00' },
      ],
      machines: [],
      ...overrides,
    },
    companyDetail: {
      companyName: 'Nimbus Africa Cloud',
      officeAddress: 'Bandwidth Barn, 125 Buitengracht Street',
      postalCode: '8001',
      city: 'Cape Town',
      country: 'South Africa',
      companyVATNumber: '4710293847',
      contactNo: '+27 21 555 0142',
      websiteUrl: 'https://www.nimbusafrica.example',
      imagePath: null,
    },
    userDetails: {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      emailID: 'thandi@example.co.za',
      contactNo: '+27 825550199',
      address: '12 Long Street',
      city: 'Cape Town',
      state: 'Western Cape',
      postalCode: '8001',
      companyName: 'Ubuntu Analytics',
      customerVatNumber: '4123456789',
      region: 'South Africa',
    },
  };
}

const options = (overrides: Partial<ReceiptPdfOptions> = {}): ReceiptPdfOptions => ({
  language: 'en',
  timeZone: 'Africa/Johannesburg',
  logo: null,
  brandColor: '#0b6bcb',
  ...overrides,
});

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('receipt PDF', () => {
  it('is a one-page A4 receipt with both parties, the references, the lines and the totals', async () => {
    const pdf = await renderReceiptPdf(invoice(), options());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await readPdf(pdf);
    expect(read.pageCount).toBe(1);
    expect(read.size[0]).toBeCloseTo(595.28, 1);
    expect(read.size[1]).toBeCloseTo(841.89, 1);
    expect(read.title).toBe('Receipt CP7Q2K9X4M1BDE5FGH');
    for (const expected of [
      'Receipt',
      'Nimbus Africa Cloud',
      'VAT number: 4710293847',
      'Thandi Nkosi',
      'Ubuntu Analytics',
      'Email: thandi@example.co.za',
      'CP7Q2K9X4M1BDE5FGH',
      'PF-2299417',
      'PayFast Payment',
      'New purchase',
      'Ubuntu Starter',
      'Johannesburg',
      '90 days',
      // The company's calendar day, as §2.10 writes dates.
      '23 Nov, 2026',
      '21 Feb, 2027',
      'Memory',
      '4 GB',
      '100 GB',
      '2 vCPU',
      'ZAR 540.00',
      'ZAR 27.00',
      'ZAR 1260.00',
      '-ZAR 72.00',
      'Tax (15% of the price after discount)',
      'ZAR 178.20',
      'Total',
      'ZAR 1366.20',
    ]) {
      expect(read.squashed, expected).toContain(squash(expected));
    }
    expect(read.text).not.toContain('Proforma');
    expect(read.text).not.toContain('Arrears');
    expect(read.text).not.toContain('Charged in');
  });

  it('stamps a live payment PAID and a test payment not, titled Proforma Receipt', async () => {
    const live = await readPdf(await renderReceiptPdf(invoice(), options()));
    expect(live.squashed).toContain('PAID');
    expect(live.squashed).not.toContain('Testtransaction');

    const test = await readPdf(
      await renderReceiptPdf(invoice({ isTestTransaction: 1 }), options()),
    );
    expect(test.title).toBe('Proforma Receipt CP7Q2K9X4M1BDE5FGH');
    expect(test.squashed).toContain('ProformaReceipt');
    expect(test.squashed).not.toContain('PAID');
    expect(test.squashed).toContain(
      squash("Test transaction: this payment was made in the payment gateway's test mode."),
    );
  });

  it('names the tax basis the order was charged with (ADR 015)', async () => {
    const before = await readPdf(
      await renderReceiptPdf(invoice({ taxBasis: 'beforeDiscount', tax: 7.5 }), options()),
    );
    expect(before.squashed).toContain(squash('Tax (7.5% of the price before discount)'));
  });

  it('shows arrears, and what was charged when the gateway charged another currency', async () => {
    const read = await readPdf(
      await renderReceiptPdf(
        invoice({
          commingFrom: 3,
          bankReference: 'Renew',
          endDate: null,
          arrears: '45.54',
          totalCost: '1411.74',
          chargedCurrency: 'USD',
          chargedAmount: '88.94',
        }),
        options(),
      ),
    );
    expect(read.squashed).toContain(squash('Renewal'));
    expect(read.squashed).toContain(squash('Arrears ZAR 45.54'));
    expect(read.squashed).toContain(squash('ZAR 1411.74'));
    expect(read.squashed).toContain(squash('Charged in USD USD 88.94'));
    expect(read.text).not.toContain('Valid until');
  });

  it('writes Korean labels and dates in a font with Hangul glyphs', async () => {
    expect(await receiptFontFaces()).not.toBeNull();
    const live = await readPdf(
      await renderReceiptPdf(invoice({ taxBasis: 'beforeDiscount' }), options({ language: 'ko' })),
    );
    expect(live.title).toBe('영수증 CP7Q2K9X4M1BDE5FGH');
    for (const expected of [
      '영수증',
      '발행처',
      '청구 대상',
      '주문 ID',
      '2026년 11월 23일',
      '메모리',
      '디스크',
      '프로세서',
      '세금 (할인 전 금액의 15%)',
      '합계',
      'ZAR 1366.20',
      '결제 완료',
    ]) {
      expect(live.squashed, expected).toContain(squash(expected));
    }
    expect(live.squashed).not.toContain('가영수증');

    const test = await readPdf(
      await renderReceiptPdf(invoice({ isTestTransaction: 1 }), options({ language: 'ko' })),
    );
    expect(test.squashed).toContain('가영수증');
    expect(test.squashed).not.toContain('결제완료');
  });

  it('prints names in any script and keeps a PDF small by embedding only the glyphs used', async () => {
    const korean = invoice();
    korean.userDetails.firstName = '민준';
    korean.userDetails.lastName = '김';
    const read = await readPdf(await renderReceiptPdf(korean, options()));
    expect(read.squashed).toContain('민준김');
    expect((await renderReceiptPdf(korean, options())).length).toBeLessThan(300_000);
  });

  it('writes an all-Latin English receipt in the built-in Helvetica, without parsing the Unicode font', async () => {
    const latin = (await renderReceiptPdf(invoice(), options())).toString('latin1');
    expect(latin).toContain('/BaseFont /Helvetica');
    expect(latin).not.toContain('NotoSans');
    const korean = invoice();
    korean.userDetails.firstName = '민준';
    const unicode = (await renderReceiptPdf(korean, options())).toString('latin1');
    expect(unicode).not.toContain('/BaseFont /Helvetica');
  });

  it("draws the company's logo from the uploads folder, and goes without one that is not there", async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-logo-'));
    tempDirs.push(uploads);
    fs.mkdirSync(path.join(uploads, 'demo'));
    fs.writeFileSync(
      path.join(uploads, 'demo', 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#0b6bcb"/></svg>',
    );
    fs.writeFileSync(path.join(os.tmpdir(), 'outside-logo.svg'), '<svg/>');

    const logo = await readCompanyLogo(uploads, '/uploads/demo/logo.svg');
    expect(logo?.subarray(1, 4).toString()).toBe('PNG');
    expect(await readCompanyLogo(uploads, '/uploads/demo/missing.svg')).toBeNull();
    expect(await readCompanyLogo(uploads, '/uploads/../outside-logo.svg')).toBeNull();
    expect(await readCompanyLogo(uploads, 'https://example.com/logo.svg')).toBeNull();
    expect(await readCompanyLogo(uploads, null)).toBeNull();

    const withLogo = await renderReceiptPdf(invoice(), options({ logo }));
    const withoutLogo = await renderReceiptPdf(invoice(), options());
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    expect(withoutLogo.includes('/Subtype /Image')).toBe(false);
    // The company's name stands in for a missing logo, in the header as well as the From block.
    const read = await readPdf(withoutLogo);
    expect(read.text.split('Nimbus Africa Cloud').length - 1).toBeGreaterThanOrEqual(3);
  });
});

describe('receipt dates', () => {
  it('writes DD MMM, YYYY in the company time zone, and Korean its own way', () => {
    expect(formatReceiptDate('2026-09-05T10:00:00Z', 'en', 'Africa/Nairobi')).toBe('05 Sep, 2026');
    expect(formatReceiptDate('2026-12-31T22:30:00Z', 'en', 'Africa/Nairobi')).toBe('01 Jan, 2027');
    expect(formatReceiptDate('2026-12-31T22:30:00Z', 'en', 'UTC')).toBe('31 Dec, 2026');
    expect(formatReceiptDate('2026-12-31T22:30:00Z', 'ko', 'Africa/Nairobi')).toBe(
      '2027년 1월 1일',
    );
    expect(formatReceiptDate('2026-12-31T22:30:00Z', 'en', 'Not/A_Zone')).toBe('31 Dec, 2026');
    expect(formatReceiptDate('not a date', 'en', 'UTC')).toBe('');
  });
});
