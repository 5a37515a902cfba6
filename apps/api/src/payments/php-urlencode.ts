const UNRESERVED = /[A-Za-z0-9._-]/;

/**
 * PHP's `urlencode`, which PayFast signs with: every UTF-8 byte but `A-Z a-z 0-9 . _ -` becomes
 * `%XX` in upper-case hex and a space becomes `+`. `encodeURIComponent` leaves `! ' ( ) * ~` as
 * they are, which would sign a different string.
 */
export function phpUrlencode(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const character = String.fromCharCode(byte);
    if (byte < 0x80 && UNRESERVED.test(character)) encoded += character;
    else if (byte === 0x20) encoded += '+';
    else encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}
