import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/**
 * An order's public reference: 80 random bits as 16 Crockford characters after "CP", short enough
 * for every gateway's merchant reference, unguessable, and easy to read out to support.
 */
export function newOrderReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `CP${text}`;
}
