import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Gateway credentials at rest: AES-256-GCM under a key from the configuration (never stored
 * beside them in the database). The sealed form is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
const VERSION = 'v1';

export function sealCredentials(key: Buffer, credentials: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(credentials), 'utf8'),
    cipher.final(),
  ]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class CredentialsUnreadable extends Error {}

export function openCredentials(key: Buffer, sealed: string): Record<string, string> {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new CredentialsUnreadable('not sealed credentials');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    // A wrong key or tampered text: say so without echoing anything.
    throw new CredentialsUnreadable('gateway credentials cannot be opened with CREDENTIALS_KEY');
  }
}
