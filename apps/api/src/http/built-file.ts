import fs from 'node:fs';

/** A file of the build, read again only when a rebuild has replaced it; null while it is absent. */
export function builtFileReader<T>(file: string, parse: (text: string) => T): () => T | null {
  let cached: { modifiedMs: number; value: T } | null = null;
  return () => {
    let modifiedMs: number;
    try {
      modifiedMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.modifiedMs !== modifiedMs) {
      cached = { modifiedMs, value: parse(fs.readFileSync(file, 'utf8')) };
    }
    return cached.value;
  };
}
