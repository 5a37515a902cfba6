import type { TEnvelope } from '@cloud-portal/contract/envelope';

/** portal.md §7: every call gives up after 120 s. */
const REQUEST_TIMEOUT_MS = 120_000;

type ApiErrorInit = {
  status: number;
  httpStatus: number;
  message: string;
  data: unknown;
};

/**
 * A call that did not answer `status: 200`. `status` is the envelope's status (300 for
 * maintenance), `httpStatus` the HTTP one; both are 0 when the server could not be reached.
 * `message` is the server's own text, safe to show; empty when the server sent none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly httpStatus: number;
  readonly data: unknown;

  constructor({ status, httpStatus, message, data }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
    this.data = data;
  }

  get isNetworkError(): boolean {
    return this.httpStatus === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type RequestOptions = { signal?: AbortSignal };

/** A JSON body, or a FormData one (multipart/form-data: the browser sets the boundary). */
export function apiPost<TData>(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<TData> {
  return request('POST', path, body, options).then((envelope) => envelope.data as TData);
}

/** For an action whose success the user is told in the server's own words: resolves with them. */
export function apiPostForMessage(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<string> {
  return request('POST', path, body, options).then((envelope) => envelope.message);
}

export function apiGet<TData>(path: string, options: RequestOptions = {}): Promise<TData> {
  return request('GET', path, undefined, options).then((envelope) => envelope.data as TData);
}

async function request(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  { signal }: RequestOptions,
): Promise<TEnvelope<unknown>> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\/+/, '')}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // The language the visitor reads the site in: the server writes its mails in it.
        'accept-language': readPageLanguage(),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: withTimeout(signal),
    });
  } catch (error) {
    // A cancellation asked for by the caller (TanStack Query) is not a failure.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, httpStatus: 0, message: '', data: null });
  }

  const envelope = await readEnvelope(response);
  if (envelope === null) {
    throw new ApiError({
      status: response.status,
      httpStatus: response.status,
      message: '',
      data: null,
    });
  }
  if (!response.ok || envelope.status !== 200) {
    throw new ApiError({
      status: envelope.status,
      httpStatus: response.status,
      message: envelope.message,
      data: envelope.data,
    });
  }
  return envelope;
}

async function readEnvelope(response: Response): Promise<TEnvelope<unknown> | null> {
  try {
    const value: unknown = await response.json();
    if (
      typeof value === 'object' &&
      value !== null &&
      'status' in value &&
      typeof value.status === 'number' &&
      'message' in value &&
      typeof value.message === 'string'
    ) {
      return {
        status: value.status,
        message: value.message,
        data: 'data' in value ? value.data : null,
      };
    }
    return null;
  } catch {
    return null;
  }
}

/** `<html lang>`, which the i18n setup keeps equal to the language shown. */
function readPageLanguage(): string {
  return (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';
}

function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}
