import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '../../../i18n/i18n';
import { ApiError, isApiError, renewSession } from '../../../lib/api-client';

export type ReceiptPdf = {
  /** The PDF as the server sent it: what the viewer shows and Download saves. */
  blob: Blob;
  /** The PDF's own address, for the viewer's Preview in a new tab. */
  url: string;
  /** The server's name for it (`receipt-<order reference>.pdf`). */
  fileName: string;
};

const FALLBACK_FILE_NAME = 'receipt.pdf';

/** `inline; filename="receipt-CP123.pdf"` → `receipt-CP123.pdf`. */
export function fileNameFromDisposition(header: string | null): string {
  const match = /filename="([^"]+)"/i.exec(header ?? '');
  const name = match?.[1]?.trim() ?? '';
  return /^[\w.-]+\.pdf$/i.test(name) ? name : FALLBACK_FILE_NAME;
}

/**
 * Where the receipt is served, in `language`: the viewer and its Preview (a new tab) load it from
 * here themselves, since neither can send the page's language as a header.
 */
function receiptPdfPath(token: string, language: string): string {
  return `/api/invoice/pdf/${encodeURIComponent(token)}?lang=${encodeURIComponent(language)}`;
}

/** A refusal in the envelope (404 'This receipt does not exist', 401…) as the api-client's ApiError. */
async function toApiError(response: Response): Promise<ApiError> {
  try {
    const envelope = (await response.json()) as {
      status?: unknown;
      message?: unknown;
      data?: unknown;
    };
    return new ApiError({
      status: typeof envelope.status === 'number' ? envelope.status : response.status,
      httpStatus: response.status,
      message: typeof envelope.message === 'string' ? envelope.message : '',
      data: envelope.data ?? null,
    });
  } catch {
    return new ApiError({
      status: response.status,
      httpStatus: response.status,
      message: '',
      data: null,
    });
  }
}

async function requestPdf(token: string, language: string, signal?: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(receiptPdfPath(token, language), {
      credentials: 'include',
      headers: { accept: 'application/pdf', 'accept-language': language },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, httpStatus: 0, message: '', data: null });
  }
  if (!response.ok) throw await toApiError(response);
  return {
    blob: await response.blob(),
    url: receiptPdfPath(token, language),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/**
 * GET /api/invoice/pdf/{token}: the receipt PDF (not an envelope) in the page's language. An
 * access token that has run out is renewed once, as the api-client does for JSON calls.
 */
export async function fetchReceiptPdf(
  token: string,
  language: string,
  signal?: AbortSignal,
): Promise<ReceiptPdf> {
  try {
    return await requestPdf(token, language, signal);
  } catch (error) {
    if (!isApiError(error) || error.httpStatus !== 401) throw error;
    await renewSession().catch(() => {
      throw error;
    });
    return requestPdf(token, language, signal);
  }
}

/** Refusals are final; a failed connection or a server error is worth one more try. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && (!isApiError(error) || error.httpStatus === 0 || error.httpStatus >= 500);

export function useReceiptPdf(token: string) {
  const { i18n } = useTranslation();
  const language = getCurrentLanguage(i18n.language);
  return useQuery({
    queryKey: ['receipt-pdf', token, language],
    queryFn: ({ signal }) => fetchReceiptPdf(token, language, signal),
    retry: shouldRetry,
    staleTime: Infinity,
    // A customer's own document: not kept once the page is left.
    gcTime: 0,
  });
}
