import type { FastifyInstance } from 'fastify';
import { messages } from '@cloud-portal/contract/validation/messages';
import { AppError } from '../errors';

/**
 * The largest JSON body any call takes. The biggest, a 5,000-character message with its name and
 * address, is under 20 kB even in Korean; a route that needs more sets its own `bodyLimit`.
 * Multipart uploads are limited per route by @fastify/multipart, not by this.
 */
export const JSON_BODY_LIMIT_BYTES = 32 * 1024;

/** No call's body nests deeper than 3 levels; 8 leaves room without letting a body pile up. */
export const MAX_JSON_DEPTH = 8;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the text nests objects and arrays deeper than `maxDepth`: one pass over the characters,
 * skipping strings, without building anything. Runs before JSON.parse, so a body of nested
 * brackets costs a scan, not an allocation per bracket.
 */
function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the same parser (prototype poisoning refused) behind the
 * depth check. The body limit itself is Fastify's `bodyLimit` (413 before the body is read when
 * Content-Length says so, else as soon as the stream passes it).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, messages.requestTooDeep), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
