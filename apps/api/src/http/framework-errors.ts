import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@cloud-portal/contract/validation/messages';
import { sendEnvelope } from './envelope';
import { JSON_SECURITY_HEADERS } from './security-headers';

const NOT_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * The message for a failure Fastify or a plugin raised before any route ran, by HTTP status.
 * Their own messages quote what the client sent (a content type, a fragment of the body).
 */
export function frameworkMessageOf(status: number, error?: Error): string {
  switch (status) {
    case 400:
      return NOT_JSON_CODES.has((error as FastifyError | undefined)?.code ?? '')
        ? messages.requestNotJson
        : messages.badRequest;
    case 404:
      return messages.notFound;
    case 406:
    case 415:
      return messages.unsupportedMediaType;
    case 408:
      return messages.requestTimedOut;
    case 413:
    case 414:
    case 431:
      return messages.requestTooLarge;
    case 429:
      return messages.tooManyRequests;
    default:
      return status >= 500 ? messages.somethingWentWrong : messages.badRequest;
  }
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode (`/api/%E0%A4%A`), a parameter over
 * its length, a failed route constraint. No hook has run, so the JSON headers are set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 500 : (error.statusCode ?? 400);
  reply.headers(JSON_SECURITY_HEADERS);
  return sendEnvelope(reply, status, frameworkMessageOf(status), null);
}

const RAW_JSON_HEADERS = Object.entries(JSON_SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Node's `clientError`: a request line or headers that do not parse, headers over the limit, a
 * request that never finished arriving. There is no request object; the answer is written to the
 * socket, still as an envelope with the JSON headers, and the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const body = JSON.stringify({ status, message: frameworkMessageOf(status), data: null });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      RAW_JSON_HEADERS +
      'connection: close\r\n\r\n' +
      body,
  );
}
