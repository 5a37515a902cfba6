/**
 * What may reach a log line. Errors carry what a request sent: drizzle's DrizzleQueryError puts
 * every bound parameter (password hashes, addresses, phone numbers) in `params` and in its
 * message, PostgreSQL's `detail` quotes the row ("Key (email)=(…) already exists"), and messages
 * quote values ('invalid input syntax for type integer: "…"'). None of that is logged: the query
 * text (placeholders only), the SQLSTATE and the names of the table, column and constraint are.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LOG_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- the same characters, for a test without a replace
const HAS_LOG_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Control characters (C0, DEL, C1, line and paragraph separators) as \uXXXX. */
export function escapeForLog(text: string): string {
  // Every request's URL passes here; testing first skips replace's slower path for clean text.
  if (!HAS_LOG_CONTROL_CHARACTER.test(text)) return text;
  return text.replace(
    LOG_CONTROL_CHARACTER,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const QUOTED = /"(?:[^"\\]|\\.)*(?:"|$)/g;
const EMAIL_LIKE = /[^\s"'<>()[\]{},;:]+@[^\s"'<>()[\]{},;:]+/g;
const MAX_MESSAGE_LENGTH = 1_000;

/** A message without the values it quotes or the addresses it names, shortened and escaped. */
function scrubMessage(message: string): string {
  const short =
    message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
  return escapeForLog(short.replace(QUOTED, '"…"').replace(EMAIL_LIKE, '…@…'));
}

/** Fields of a database error that name things, never values. */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
] as const;

type LoggedError = {
  type: string;
  message: string;
  /** The frames only ('' when there are none). */
  stack: string;
  query?: string;
  cause?: LoggedError;
} & Partial<Record<(typeof DATABASE_ERROR_FIELDS)[number], string>>;

const isDrizzleQueryError = (error: Error): error is Error & { query: string; params: unknown } =>
  error.name === 'DrizzleQueryError' ||
  (typeof (error as { query?: unknown }).query === 'string' && 'params' in error);

/** The stack's frames only: its first line repeats the message, which may hold values. */
function framesOf(stack: string | undefined): string {
  if (!stack) return '';
  return escapeForLog(
    stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  );
}

/** pino's `err` serializer for every logger of the portal. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: '(not an Error; value not logged)', stack: '' };
  }
  const logged: LoggedError = {
    type: escapeForLog(error.constructor?.name || error.name || 'Error'),
    message: isDrizzleQueryError(error) ? 'Failed query' : scrubMessage(error.message),
    stack: framesOf(error.stack),
  };
  if (isDrizzleQueryError(error)) logged.query = escapeForLog(error.query);
  for (const field of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number')
      logged[field] = escapeForLog(String(value));
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** For `console.error` outside a request (start-up, the job queue): the same facts, as text. */
export function describeError(error: unknown): string {
  return describeLogged(serializeError(error));
}

function describeLogged(logged: LoggedError): string {
  const { type, message, stack, query, cause, ...facts } = logged;
  const named = Object.entries(facts).map(([name, value]) => `${name}=${value}`);
  const lines = [
    `${type}: ${message}${named.length > 0 ? ` (${named.join(', ')})` : ''}`,
    ...(query ? [`  query: ${query}`] : []),
    ...(stack ? [stack] : []),
    ...(cause ? [`caused by ${describeLogged(cause)}`] : []),
  ];
  return lines.join('\n');
}
