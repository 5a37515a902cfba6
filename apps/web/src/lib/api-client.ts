import { CSRF_HEADER } from '@cloud-portal/contract/accounts/csrf';
import type { TSessionUser } from '@cloud-portal/contract/accounts/session';
import type { TEnvelope } from '@cloud-portal/contract/envelope';
import { pageEnvironment } from './page-environment';
import { readCsrfToken } from './session-cookie';
import { recordServerDate, serverNow } from './server-clock';
import { RENEW_BEFORE_ACCESS_EXPIRY_MS } from './session-timers';

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

type RequestOptions = {
  signal?: AbortSignal;
  /**
   * A call of the signed-in customer (ADR 006): it carries the X-CSRF-Token header, and an
   * access token that has run out is renewed once (POST /api/auth/refresh) before the call is
   * sent again. When the session cannot be renewed it is over: the session events hear of it.
   */
  authenticated?: boolean;
};

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

/** For a call whose data and message both matter (the message names what was done). */
export function apiPostForResult<TData>(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<{ data: TData; message: string }> {
  return request('POST', path, body, options).then((envelope) => ({
    data: envelope.data as TData,
    message: envelope.message,
  }));
}

export function apiGet<TData>(path: string, options: RequestOptions = {}): Promise<TData> {
  return request('GET', path, undefined, options).then((envelope) => envelope.data as TData);
}

/** A GET that acts (the spec's removeProfileImage): resolves with the server's message. */
export function apiGetForMessage(path: string, options: RequestOptions = {}): Promise<string> {
  return request('GET', path, undefined, options).then((envelope) => envelope.message);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Another session's CSRF token and the header it travels in (the staff's, ADR 028). */
type CsrfToken = { header: string; token: string | null };

/**
 * A call of another session than the customer's (the operator console's staff session): its own
 * CSRF header and token, no customer renewal. Resolves with the whole envelope.
 */
export function apiRequestWithToken(
  method: Method,
  path: string,
  body: unknown,
  { signal, csrf }: { signal?: AbortSignal; csrf: CsrfToken },
): Promise<TEnvelope<unknown>> {
  return send(method, path, body, { signal }, csrf);
}

async function request(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<TEnvelope<unknown>> {
  if (!options.authenticated) return send(method, path, body, options);
  try {
    return await send(method, path, body, options);
  } catch (error) {
    if (!isApiError(error) || error.httpStatus !== 401) throw error;
    if (!canRenewAfter(error)) {
      sessionEvents.onEnded();
      throw error;
    }
    await renewSession();
    try {
      return await send(method, path, body, options);
    } catch (retryError) {
      if (isApiError(retryError) && retryError.httpStatus === 401) sessionEvents.onEnded();
      throw retryError;
    }
  }
}

/**
 * 401 'access-token-expired' asks for a renewal. Any other 401 does too while the CSRF cookie is
 * there: the browser drops the access cookie when it runs out (a tab that slept through its
 * renewal), but the session and its refresh cookie may well live on.
 */
function canRenewAfter(error: ApiError): boolean {
  return readReason(error.data) === 'access-token-expired' || readCsrfToken() !== null;
}

function readReason(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('reason' in data)) return null;
  return typeof data.reason === 'string' ? data.reason : null;
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  { signal, authenticated = false }: RequestOptions,
  givenCsrf: CsrfToken | null = null,
): Promise<TEnvelope<unknown>> {
  const isForm = body instanceof FormData;
  const csrf: CsrfToken | null = authenticated
    ? { header: CSRF_HEADER, token: readCsrfToken() }
    : givenCsrf;
  let response: Response;
  try {
    response = await pageEnvironment().fetch(`/api/${path.replace(/^\/+/, '')}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // The language the visitor reads the site in: the server writes its mails in it.
        'accept-language': readPageLanguage(),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        // Checked on every state-changing call (and the spec's removeProfileImage GET); sent on
        // every call of the customer, so no call can forget it.
        ...(csrf === null || csrf.token === null ? {} : { [csrf.header]: csrf.token }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: withTimeout(signal),
    });
  } catch (error) {
    // A cancellation asked for by the caller (TanStack Query) is not a failure.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, httpStatus: 0, message: '', data: null });
  }
  recordServerDate(response.headers.get('date'));

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

/** What the page does when the session is renewed or found to be over (the session keeper sets these). */
type SessionEvents = {
  onRenewed: (user: TSessionUser) => void;
  onEnded: () => void;
};

const noSessionEvents: SessionEvents = { onRenewed: () => undefined, onEnded: () => undefined };
let sessionEvents: SessionEvents = noSessionEvents;

/** Listens to renewals and the session's end; returns the function that stops listening. */
export function setSessionEvents(events: SessionEvents): () => void {
  sessionEvents = events;
  return () => {
    if (sessionEvents === events) sessionEvents = noSessionEvents;
  };
}

/** Not a token: the time the newest access token (of any tab) runs out, so tabs renew once. */
const RENEWED_UNTIL_KEY = 'cloud-portal.session-renewed-until';
const RENEWAL_LOCK = 'cloud-portal.session-renewal';

let renewal: Promise<TSessionUser> | null = null;

/**
 * POST /api/auth/refresh: a new access token (and refresh token) for the session. One renewal at
 * a time across every tab of the site: a refresh token works once, and the server ends the whole
 * session when a spent one is shown again, so two tabs renewing together would log both out.
 * A tab that waited for another's renewal finds the fresh cookies and only reads the session.
 */
export function renewSession(): Promise<TSessionUser> {
  renewal ??= withRenewalLock(renewInsideLock)
    .then(
      (user) => {
        writeRenewedUntil(user.accessExpiresAt);
        sessionEvents.onRenewed(user);
        return user;
      },
      (error: unknown) => {
        if (isSessionGone(error)) {
          forgetRenewal();
          sessionEvents.onEnded();
        }
        throw error;
      },
    )
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

async function renewInsideLock(): Promise<TSessionUser> {
  const renewedUntil = readRenewedUntil();
  if (renewedUntil !== null && renewedUntil - serverNow() > RENEW_BEFORE_ACCESS_EXPIRY_MS) {
    try {
      const envelope = await send('GET', 'auth/session', undefined, { authenticated: true });
      return envelope.data as TSessionUser;
    } catch (error) {
      if (!isApiError(error) || error.httpStatus !== 401) throw error;
    }
  }
  const envelope = await send('POST', 'auth/refresh', undefined, {});
  return envelope.data as TSessionUser;
}

/** 401 or 403 from the session calls: there is no session (any more) for this site. */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error) && (error.httpStatus === 401 || error.httpStatus === 403);
}

async function withRenewalLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(RENEWAL_LOCK, task) : await task();
}

/** Login and renewal note the access token's end for the other tabs; logout forgets it. */
export function writeRenewedUntil(accessExpiresAt: string): void {
  try {
    window.localStorage.setItem(RENEWED_UNTIL_KEY, accessExpiresAt);
  } catch {
    // Without storage a tab cannot tell another's renewal; it renews on its own.
  }
}

export function forgetRenewal(): void {
  try {
    window.localStorage.removeItem(RENEWED_UNTIL_KEY);
  } catch {
    // Nothing stored.
  }
}

function readRenewedUntil(): number | null {
  try {
    const value = Date.parse(window.localStorage.getItem(RENEWED_UNTIL_KEY) ?? '');
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}
