/**
 * Field names whose values are secrets, compared in lower case without `_`, `-` or spaces, as part
 * of a name: `clientSecret`, `api_key`, `PayFast-Passphrase`, `sealedCredentials`, `receiptToken`.
 */
const SECRET_NAME_PARTS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'accesskey',
  'privatekey',
  'hashkey',
  'signingkey',
  'credential',
  'authorization',
  'cookie',
];

export const REDACTED = '[redacted]';

export function isSecretField(name: string): boolean {
  const normalised = name.toLowerCase().replace(/[\s_-]/g, '');
  return SECRET_NAME_PARTS.some((part) => normalised.includes(part));
}

/**
 * A copy of `value` as JSON would hold it, with the value of every field that names a secret
 * replaced, at any depth and inside arrays, whatever the value is (a nested object included).
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      isSecretField(name) ? REDACTED : redactSecrets(field),
    ]),
  );
}
