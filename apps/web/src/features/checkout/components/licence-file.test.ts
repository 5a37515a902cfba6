import { describe, expect, it } from 'vitest';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { MAX_LICENCE_BYTES as CONTRACT_MAX_LICENCE_BYTES } from '@cloud-portal/contract/orders/upload-customer-license';
import { checkLicenceFile, licenceFileProblem, MAX_LICENCE_BYTES } from './licence-file';

const PDF_HEAD = new TextEncoder().encode('%PDF-1.7');

describe('licenceFileProblem', () => {
  it('uses the same limit as the server', () => {
    expect(MAX_LICENCE_BYTES).toBe(CONTRACT_MAX_LICENCE_BYTES);
  });

  it('accepts a PDF up to 20 MB', () => {
    expect(licenceFileProblem({ bytes: 1200, head: PDF_HEAD })).toBeNull();
    expect(licenceFileProblem({ bytes: MAX_LICENCE_BYTES, head: PDF_HEAD })).toBeNull();
  });

  it('refuses a PDF over 20 MB', () => {
    expect(licenceFileProblem({ bytes: MAX_LICENCE_BYTES + 1, head: PDF_HEAD })).toBe(
      orderMessages.licenceTooLarge,
    );
  });

  it('refuses a file that does not start like a PDF, whatever its name', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]);
    expect(licenceFileProblem({ bytes: 500, head: png })).toBe(orderMessages.licenceNotPdf);
    expect(licenceFileProblem({ bytes: 0, head: new Uint8Array() })).toBe(
      orderMessages.licenceNotPdf,
    );
    expect(licenceFileProblem({ bytes: 4, head: new TextEncoder().encode('%PDF') })).toBe(
      orderMessages.licenceNotPdf,
    );
  });
});

describe('checkLicenceFile', () => {
  it('reads the first bytes of a real file', async () => {
    const pdf = new File([PDF_HEAD, new Uint8Array(100)], 'licence.pdf', {
      type: 'application/pdf',
    });
    const renamed = new File([new TextEncoder().encode('hello world')], 'licence.pdf', {
      type: 'application/pdf',
    });
    expect(await checkLicenceFile(pdf)).toBeNull();
    expect(await checkLicenceFile(renamed)).toBe(orderMessages.licenceNotPdf);
  });
});
