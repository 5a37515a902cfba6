import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { messages } from '@cloud-portal/contract/validation/messages';
import { hasControlCharacters } from '@cloud-portal/contract/validation/text';

/** One failing field as the error handler reads it (`validation` of a Fastify error). */
export type FieldIssue = { instancePath: string; message: string };

const MAX_WALK_DEPTH = 32;

/**
 * Whether any string in `value` (nested too) holds a control character. Every call's input is
 * checked, and almost none holds one: this answers without building a path or an array.
 */
function holdsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (typeof value !== 'object' || value === null || depth > MAX_WALK_DEPTH) return false;
  for (const key in value) {
    if (
      Object.hasOwn(value, key) &&
      holdsControlCharacter((value as Record<string, unknown>)[key], depth + 1)
    )
      return true;
  }
  return false;
}

/** The JSON-pointer paths of every string (nested too) holding a control character. */
function controlCharacterPaths(value: unknown, path = '', depth = 0): string[] {
  if (typeof value === 'string') return hasControlCharacters(value) ? [path] : [];
  if (typeof value !== 'object' || value === null || depth > MAX_WALK_DEPTH) return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    found.push(...controlCharacterPaths(item, `${path}/${key}`, depth + 1));
  }
  return found;
}

/**
 * `data` read by `schema`, plus one rule no call's schema has to repeat: no text may carry a
 * control character (a NUL made PostgreSQL fail with 500). A field the schema already refuses
 * keeps the schema's message; any other gets the contract's.
 */
export function validateInput<T extends z.ZodType>(
  schema: T,
  data: unknown,
  checksText = true,
): { issues: FieldIssue[] } | { value: z.output<T> } {
  const parsed = schema.safeParse(data);
  const issues: FieldIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        instancePath: `/${issue.path.map(String).join('/')}`,
        message: issue.message,
      }));
  if (checksText && holdsControlCharacter(data)) {
    for (const instancePath of controlCharacterPaths(data)) {
      if (!issues.some((issue) => issue.instancePath === instancePath))
        issues.push({ instancePath, message: messages.textControlCharacters });
    }
  }
  if (issues.length > 0) return { issues };
  return { value: (parsed as { data: z.output<T> }).data };
}

/** Every route's body, query and params (not its headers) go through `validateInput`. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const checksText = httpPart !== 'headers';
  return (data) => {
    const result = validateInput(schema, data, checksText);
    return 'issues' in result ? { error: result.issues as unknown as Error } : result;
  };
};
