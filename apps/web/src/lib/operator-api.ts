import {
  STAFF_CSRF_COOKIE,
  STAFF_CSRF_HEADER,
} from '@cloud-portal/contract/operator/staff-session';
import { apiRequestWithToken, isApiError } from '@/lib/api-client';
import { readCookie } from '@/lib/session-cookie';

let sessionEnded: () => void = () => undefined;

/**
 * The shell listens: a 401 on a console call means the staff session ran out (30 minutes idle,
 * 12 hours in all) or was ended elsewhere, and the member is asked to sign in again.
 */
export function onOperatorSessionEnded(listener: () => void): () => void {
  sessionEnded = listener;
  return () => {
    if (sessionEnded === listener) sessionEnded = () => undefined;
  };
}

async function call<TData>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<TData> {
  try {
    const envelope = await apiRequestWithToken(method, `operator/${path}`, body, {
      signal,
      csrf: { header: STAFF_CSRF_HEADER, token: readCookie(STAFF_CSRF_COOKIE) },
    });
    return envelope.data as TData;
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) sessionEnded();
    throw error;
  }
}

export const operatorGet = <TData>(path: string, signal?: AbortSignal) =>
  call<TData>('GET', path, undefined, signal);

export const operatorPost = <TData>(path: string, body: unknown = {}) =>
  call<TData>('POST', path, body);

export const operatorPatch = <TData>(path: string, body: unknown) =>
  call<TData>('PATCH', path, body);

export const operatorDelete = <TData>(path: string) => call<TData>('DELETE', path, undefined);

/** A multipart/form-data call (the desk's answer with its files). */
export const operatorPostForm = <TData>(path: string, body: FormData) =>
  call<TData>('POST', path, body);
