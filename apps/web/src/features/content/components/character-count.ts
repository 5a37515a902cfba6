/** A single-line box shows its count only from here on; a multi-line box always does. */
const NEAR_LIMIT_SHARE = 0.9;

type CharacterCount = {
  count: number;
  max: number;
  isNearLimit: boolean;
  isAtLimit: boolean;
};

/**
 * How far a text is towards its field's limit, counted as the browser's `maxLength` and the
 * server's length check count (UTF-16 code units), so "5000 / 5000" is exactly what Send accepts.
 */
export function countCharacters(value: string, max: number): CharacterCount {
  const count = value.length;
  return { count, max, isNearLimit: count >= max * NEAR_LIMIT_SHARE, isAtLimit: count >= max };
}
