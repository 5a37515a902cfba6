import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchReceiptPdf, fileNameFromDisposition } from './receipt-pdf';

const PDF_BYTES = new TextEncoder().encode('%PDF-1.3\n% a receipt\n%%EOF');

const pdfAnswer = () =>
  new Response(PDF_BYTES, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="receipt-CP123ABC.pdf"',
    },
  });
const envelope = (httpStatus: number, body: object) =>
  new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchReceiptPdf', () => {
  it('GETs the PDF in the language asked, with the cookies, and keeps its name', async () => {
    const fetchMock = vi.fn(async () => pdfAnswer());
    vi.stubGlobal('fetch', fetchMock);
    const receipt = await fetchReceiptPdf('tok/en?x', 'ko');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/invoice/pdf/tok%2Fen%3Fx?lang=ko');
    expect(init).toMatchObject({
      credentials: 'include',
      headers: { accept: 'application/pdf', 'accept-language': 'ko' },
    });
    expect(receipt.fileName).toBe('receipt-CP123ABC.pdf');
    expect(new Uint8Array(await receipt.blob.arrayBuffer())).toEqual(PDF_BYTES);
    expect(receipt.url).toBe('/api/invoice/pdf/tok%2Fen%3Fx?lang=ko');
  });

  it("answers the server's refusal as an ApiError (404 'This receipt does not exist')", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(404, { status: 404, message: 'This receipt does not exist', data: null }),
      ),
    );
    const error = await fetchReceiptPdf('unknown', 'en').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 404,
      status: 404,
      message: 'This receipt does not exist',
    });
  });

  it('renews an access token that ran out, then asks once more', async () => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockResolvedValueOnce(
        envelope(401, {
          status: 401,
          message: 'Your session has expired',
          data: { reason: 'access-token-expired' },
        }),
      )
      .mockResolvedValueOnce(
        envelope(200, {
          status: 200,
          message: 'Success',
          data: { accessExpiresAt: new Date(Date.now() + 900_000).toISOString() },
        }),
      )
      .mockResolvedValueOnce(pdfAnswer());
    vi.stubGlobal('fetch', fetchMock);
    const receipt = await fetchReceiptPdf('tok', 'en');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/invoice/pdf/tok?lang=en',
      '/api/auth/refresh',
      '/api/invoice/pdf/tok?lang=en',
    ]);
    expect(receipt.fileName).toBe('receipt-CP123ABC.pdf');
  });

  it('says a connection that failed is one (status 0)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fetchReceiptPdf('tok', 'en')).rejects.toMatchObject({
      httpStatus: 0,
      isNetworkError: true,
    });
  });
});

describe('fileNameFromDisposition', () => {
  it("takes the server's safe name, and a plain one otherwise", () => {
    expect(fileNameFromDisposition('inline; filename="receipt-CP9.pdf"')).toBe('receipt-CP9.pdf');
    expect(fileNameFromDisposition('inline; filename="../../etc/passwd"')).toBe('receipt.pdf');
    expect(fileNameFromDisposition(null)).toBe('receipt.pdf');
  });
});
